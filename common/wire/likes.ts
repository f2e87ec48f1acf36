import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { LIKE_TYPES } from '../likes.ts';
import { ZMainImage, ZProfileCard } from './profile-card.ts';

/** `POST`/`DELETE /api/like.php` body: the member to like or unlike. */
export const ZLikeRequest = z.object({ profile_id: z.number().int().positive() });

/** `POST /api/like.php` answer: whether the like made a match. */
export const ZLikeAnswer = z.object({ match: z.boolean() });

/** `GET /api/likes.php`: everyone in a like with me (with its state), and who liked me. */
export const ZLikesResponse = z.object({
  profiles: z.array(ZProfileCard.extend({ state: z.enum(LIKE_TYPES), like_new: z.boolean() })),
  liked_by: z.array(z.object({ id: z.number().int(), like_new: z.boolean() })),
});

/** `GET /api/swipe.php`: the next cards, the likes left today (null: unlimited) and when they return (ISO). */
export const ZSwipeCards = z.object({
  cards: z.array(ZProfileCard),
  likes_left: z.number().int().nullable(),
  likes_reset_at: z.string(),
});

/** `POST /api/swipe.php` body: like or pass a card. */
export const ZSwipeRequest = z.object({ profile_id: z.number().int().positive(), action: z.enum(['like', 'pass']) });

/** `POST /api/swipe.php` answer. */
export const ZSwipeAnswer = z.object({
  match: z.boolean(),
  likes_left: z.number().int().nullable(),
  likes_reset_at: z.string(),
});

/** `GET /api/new-matches.php`: matches the other member made while I had not seen them yet, oldest first. */
export const ZNewMatches = z.object({
  profiles: z.array(z.object({ id: z.number().int(), name: z.string(), main_image: ZMainImage })),
});

/** `POST /api/match-seen.php` body: the match screen with this member was shown. */
export const ZMatchSeenRequest = z.object({ profile_id: z.number().int().positive() });

/** Most likes a visitor can make on the swipe lander before signing up. */
export const LANDER_LIKES_MAX = 10;

/** `POST /api/lander-likes.php` body: the members a visitor liked on the swipe lander before signing up. */
export const ZLanderLikesRequest = z.object({
  profile_ids: z.array(z.number().int().positive()).max(LANDER_LIKES_MAX),
});

/** `POST /api/lander-likes.php` answer: how many became likes. */
export const ZLanderLikesAnswer = z.object({ stored: z.number().int() });

/** `GET /api/auto-like.php`: a member who likes me, for the match modal, or null. */
export const ZAutoLike = z.object({ profile: z.object({ id: z.number().int(), main_image: ZMainImage }).nullable() });

export type TLikeAnswer = z.infer<typeof ZLikeAnswer>;
export type TLikesResponse = z.infer<typeof ZLikesResponse>;
export type TSwipeCards = z.infer<typeof ZSwipeCards>;
export type TSwipeRequest = z.infer<typeof ZSwipeRequest>;
export type TSwipeAnswer = z.infer<typeof ZSwipeAnswer>;
export type TAutoLike = z.infer<typeof ZAutoLike>;
export type TNewMatches = z.infer<typeof ZNewMatches>;

/** The likes endpoints (spec §3/§7). */
export const likesApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/likes.php',
    tags: ['likes'],
    summary: 'Everyone in a like with me, and who liked me',
    revalidate: true,
    response: ZLikesResponse,
  }),
  like: defineEndpoint({
    method: 'POST',
    path: '/api/like.php',
    tags: ['likes'],
    summary: 'Like a member; answers whether it is a match (daily cap: daily_limit_reached)',
    body: ZLikeRequest,
    response: ZLikeAnswer,
  }),
  unlike: defineEndpoint({
    method: 'DELETE',
    path: '/api/like.php',
    tags: ['likes'],
    summary: 'Take a like back',
    body: ZLikeRequest,
    response: null,
  }),
  swipeCards: defineEndpoint({
    method: 'GET',
    path: '/api/swipe.php',
    tags: ['likes'],
    summary: 'The next cards of the swipe game and the likes left today (null: unlimited)',
    response: ZSwipeCards,
  }),
  swipe: defineEndpoint({
    method: 'POST',
    path: '/api/swipe.php',
    tags: ['likes'],
    summary: 'Like or pass in the swipe game (free members: 4 likes a day)',
    body: ZSwipeRequest,
    response: ZSwipeAnswer,
  }),
  newMatches: defineEndpoint({
    method: 'GET',
    path: '/api/new-matches.php',
    tags: ['likes'],
    summary: 'Matches made by the other member that I have not seen yet (the match screen on my next page)',
    response: ZNewMatches,
  }),
  matchSeen: defineEndpoint({
    method: 'POST',
    path: '/api/match-seen.php',
    tags: ['likes'],
    summary: 'The match screen with this member was shown: the match is no longer new',
    body: ZMatchSeenRequest,
    response: null,
  }),
  landerLikes: defineEndpoint({
    method: 'POST',
    path: '/api/lander-likes.php',
    tags: ['likes'],
    summary: 'Stores the likes a visitor made on the swipe lander, once the account exists (daily cap applies)',
    body: ZLanderLikesRequest,
    response: ZLanderLikesAnswer,
  }),
  autoLike: defineEndpoint({
    method: 'GET',
    path: '/api/auto-like.php',
    tags: ['likes'],
    summary: 'A member who likes me, for the match modal (spec §4 auto-like)',
    response: ZAutoLike,
  }),
};
