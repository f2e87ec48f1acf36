import type {
  TAutoLike,
  TLikeAnswer,
  TLikesResponse,
  TSwipeAnswer,
  TSwipeCards,
  TSwipeRequest,
} from '../../../common/wire/likes.ts';
import { api } from '../../lib/api.ts';

/** Everyone in a like with the member, and who liked the member. */
export function fetchLikes(options: { progress?: boolean } = {}): Promise<TLikesResponse> {
  return api.get<TLikesResponse>('/api/likes.php', options);
}

/** Likes a member and resolves with whether it is a match. */
export function like(profileId: number): Promise<TLikeAnswer> {
  return api.post<TLikeAnswer>('/api/like.php', { profile_id: profileId });
}

/** Takes a like back. */
export function unlike(profileId: number): Promise<null> {
  return api.delete<null>('/api/like.php', { body: { profile_id: profileId } });
}

/** The next cards of the swipe game and the likes left today. */
export function fetchSwipeCards(): Promise<TSwipeCards> {
  return api.get<TSwipeCards>('/api/swipe.php');
}

/** Likes or passes a swipe card (rejects with `premium_required` past the daily likes). */
export function swipe(body: TSwipeRequest): Promise<TSwipeAnswer> {
  return api.post<TSwipeAnswer>('/api/swipe.php', body);
}

/** A member who likes the member, for the match modal (auto-like); quiet, without the progress bar. */
export function fetchAutoLike(): Promise<TAutoLike> {
  return api.get<TAutoLike>('/api/auto-like.php', { progress: false });
}
