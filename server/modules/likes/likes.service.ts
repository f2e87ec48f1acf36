import { AUTO_LIKE_EVERY_HOURS, LIKES_LIST_LIMIT, likeType, memberChannel } from '../../../common/likes.ts';
import type { TDb } from '../../db/connect.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TRealtimeHub } from '../../realtime/hub.ts';
import { gendersSought, mainImage, toProfileCard } from '../profiles/profiles.service.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import {
  deleteLike,
  findAutoLiker,
  findLikeableProfile,
  findLikes,
  findRecentAutoLike,
  findRelation,
  insertLike,
  markLikeSeen,
} from './likes.repository.ts';

/** Likes and matches between members (spec §3/§4). */
export function createLikesService(deps: { db: TDb; realtime: TRealtimeHub; now: () => Date }) {
  const { db, realtime, now } = deps;
  return {
    /** Likes a visible member; idempotent. Tells whether it is a match and lets the other member know at once. */
    async like(viewerProfileId: number, profileId: number, source: 'profile' | 'swipe' = 'profile') {
      if (profileId === viewerProfileId) throw new AppError('invalid_request');
      if (!(await findLikeableProfile(db, viewerProfileId, profileId))) throw new AppError('profile_not_found');
      const isNewLike = await insertLike(db, viewerProfileId, profileId, source);
      const { likedBy } = await findRelation(db, viewerProfileId, profileId);
      if (isNewLike) {
        await realtime
          .publish(memberChannel(profileId), { type: likedBy ? 'match' : 'like', profile_id: viewerProfileId })
          .catch(() => undefined);
      }
      return { match: likedBy };
    },
    /** Takes a like back; unknown or already gone is fine. */
    async unlike(viewerProfileId: number, profileId: number) {
      await deleteLike(db, viewerProfileId, profileId);
    },
    /** Whether each of the two likes the other (for the profile screen). */
    relation: (viewerProfileId: number, profileId: number) => findRelation(db, viewerProfileId, profileId),
    /** Opening a profile clears the new-like flag of that liker (spec §4). */
    markSeen: (viewerProfileId: number, likerProfileId: number) => markLikeSeen(db, viewerProfileId, likerProfileId),
    /** `GET /api/likes.php`: everyone in a like with the viewer, and who liked the viewer with the new flag. */
    async list(viewerProfileId: number, cdnPrefix: string) {
      const rows = await findLikes(db, viewerProfileId, LIKES_LIST_LIMIT);
      const today = now();
      return {
        profiles: rows.map((r) => ({
          ...toProfileCard(r, cdnPrefix, today),
          state: likeType(r.iLiked, r.likedMe)!,
          like_new: r.likeNew,
        })),
        liked_by: rows.filter((r) => r.likedMe).map((r) => ({ id: r.id, like_new: r.likeNew })),
      };
    },
    /**
     * `GET /api/auto-like.php` (spec §4): a fictional member of the genders the viewer looks for likes the viewer,
     * at most once a day; the same one is returned again within the day. Null when nobody suits.
     */
    async autoLike(viewerProfileId: number, cdnPrefix: string) {
      const since = new Date(now().getTime() - AUTO_LIKE_EVERY_HOURS * 3_600_000);
      let likerId = (await findRecentAutoLike(db, viewerProfileId, since))?.id;
      if (!likerId) {
        const me = await findPublicProfile(db, viewerProfileId, true);
        if (!me) return null;
        const liker = await findAutoLiker(db, viewerProfileId, gendersSought(me.gender, me.sexuality));
        if (!liker) return null;
        await insertLike(db, liker.id, viewerProfileId, 'auto');
        likerId = liker.id;
      }
      const profile = await findPublicProfile(db, likerId);
      return profile ? { id: profile.id, main_image: mainImage(profile.fileKey, cdnPrefix) } : null;
    },
  };
}

export type TLikesService = ReturnType<typeof createLikesService>;
