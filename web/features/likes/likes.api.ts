import {
  likesApi,
  type TAutoLike,
  type TLikeAnswer,
  type TLikesResponse,
  type TNewMatches,
  type TSwipeAnswer,
  type TSwipeCards,
  type TSwipeRequest,
} from '#common/wire/likes.ts';
import { api } from '#web/lib/api.ts';

/** Everyone in a like with the member, and who liked the member. */
export function fetchLikes(options: { progress?: boolean } = {}): Promise<TLikesResponse> {
  return api.call(likesApi.list, undefined, options);
}

/** Likes a member and resolves with whether it is a match. */
export function like(profileId: number): Promise<TLikeAnswer> {
  return api.call(likesApi.like, { profile_id: profileId });
}

/** Takes a like back. */
export function unlike(profileId: number): Promise<null> {
  return api.call(likesApi.unlike, { profile_id: profileId });
}

/** The next cards of the swipe game and the likes left today. */
export function fetchSwipeCards(): Promise<TSwipeCards> {
  return api.call(likesApi.swipeCards);
}

/** Likes or passes a swipe card (rejects with `premium_required` past the daily likes). */
export function swipe(body: TSwipeRequest): Promise<TSwipeAnswer> {
  return api.call(likesApi.swipe, body);
}

/** A member who likes the member, for the match modal (auto-like); quiet, without the progress bar. */
export function fetchAutoLike(): Promise<TAutoLike> {
  return api.call(likesApi.autoLike, undefined, { progress: false });
}

/** Matches the other member made that this member has not seen yet (quiet, without the progress bar). */
export function fetchNewMatches(): Promise<TNewMatches> {
  return api.call(likesApi.newMatches, undefined, { progress: false });
}

/** The match screen with this member was shown. */
export function matchSeen(profileId: number): Promise<null> {
  return api.call(likesApi.matchSeen, { profile_id: profileId }, { progress: false });
}

/** Stores the likes made on the swipe lander before signing up; answers how many were kept. */
export function claimLanderLikes(profileIds: number[]): Promise<{ stored: number }> {
  return api.call(likesApi.landerLikes, { profile_ids: profileIds }, { progress: false });
}
