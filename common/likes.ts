/** Like states of spec §3: I liked them, they liked me, or both (a match). */
export const LIKE_TYPES = ['received', 'liked', 'match'] as const;
export type TLikeType = (typeof LIKE_TYPES)[number];

/** How many people the likes overview lists at most (newest first). */
export const LIKES_LIST_LIMIT = 500;
/** An auto-like (spec §4) is offered at most once in this many hours per member. */
export const AUTO_LIKE_EVERY_HOURS = 24;

/** The like state between the viewer and another member. */
export function likeType(iLiked: boolean, likedMe: boolean): TLikeType | null {
  if (iLiked && likedMe) return 'match';
  if (iLiked) return 'liked';
  return likedMe ? 'received' : null;
}

/** The realtime channel of one member (events: like, match …). */
export function memberChannel(profileId: number): string {
  return `member:${profileId}`;
}
