import { z } from 'zod';
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

/** `GET /api/swipe.php`: the next cards and the likes left today (null: unlimited). */
export const ZSwipeCards = z.object({ cards: z.array(ZProfileCard), likes_left: z.number().int().nullable() });

/** `POST /api/swipe.php` body: like or pass a card. */
export const ZSwipeRequest = z.object({ profile_id: z.number().int().positive(), action: z.enum(['like', 'pass']) });

/** `POST /api/swipe.php` answer. */
export const ZSwipeAnswer = z.object({ match: z.boolean(), likes_left: z.number().int().nullable() });

/** `GET /api/auto-like.php`: a member who likes me, for the match modal, or null. */
export const ZAutoLike = z.object({ profile: z.object({ id: z.number().int(), main_image: ZMainImage }).nullable() });

export type TLikeAnswer = z.infer<typeof ZLikeAnswer>;
export type TLikesResponse = z.infer<typeof ZLikesResponse>;
export type TSwipeCards = z.infer<typeof ZSwipeCards>;
export type TSwipeRequest = z.infer<typeof ZSwipeRequest>;
export type TSwipeAnswer = z.infer<typeof ZSwipeAnswer>;
export type TAutoLike = z.infer<typeof ZAutoLike>;
