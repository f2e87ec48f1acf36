import { AUTO_LIKE_EVERY_HOURS, LIKES_LIST_LIMIT, likeType } from '#common/likes.ts';
import type { TCore } from '#server/core.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishToMember } from '#server/realtime/publish.ts';
import { mainImage, toProfileCard } from '../profiles/profile-card.ts';
import { gendersSought } from '../profiles/profiles.service.ts';
import { findPublicProfile, findVisibleProfile } from '../profiles/profiles.repository.ts';
import {
  deleteLike,
  findAutoLiker,
  findLikes,
  findRecentAutoLike,
  countSwipeLikesSince,
  findRelation,
  findSwipeCards,
  insertLike,
  insertSwipeLike,
  insertSwipePass,
  markLikeSeen,
  findUnseenMatches,
} from './likes.repository.ts';
import { countNewLikes } from '../badges/badges.repository.ts';
import { LIKES_PER_DAY, PREMIUM_LIKES_PER_DAY, SWIPE_DAILY_LIKES } from '#common/constants.ts';
import type { TRateLimiter } from '#server/lib/rate-limit.ts';
import { subHours } from 'date-fns';

/** The member who likes: daily caps depend on premium. */
type TViewer = { profileId: number; isPremium: boolean };

/** Cards handed to the swipe game at a time. */
const SWIPE_STACK_SIZE = 10;
/** Unseen matches handed out at a time (the member sees them one after the other). */
const NEW_MATCHES_LIMIT = 5;

/** Likes and matches between members (spec §3/§4). */
export function createLikesService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: {
    realtime: TRealtimeHub;
    notify: TNotifyQueue;
    /** Counts each member's new likes per UTC day across processes. */
    limits: Pick<TRateLimiter, 'consumeDaily'>;
  },
) {
  const { db, now } = core;
  const { realtime } = deps;
  /**
   * Spends one of the member's likes of the day (every door: profile, swipe game); past the cap it throws
   * `daily_limit_reached`, in the like's transaction, so nothing is stored. Only new likes count.
   */
  const spendDailyLike = (viewer: TViewer) =>
    deps.limits.consumeDaily('like', viewer.profileId, viewer.isPremium ? PREMIUM_LIKES_PER_DAY : LIKES_PER_DAY);
  /** Swipe likes count per calendar day (UTC). */
  const startOfDay = () => {
    const d = now();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  };
  /** When the swipe likes of the day return: the next midnight (UTC), shown in the member's local time. */
  const likesResetAt = () => new Date(startOfDay().getTime() + 24 * 60 * 60 * 1000).toISOString();
  const swipeLikesLeft = async (profileId: number) =>
    Math.max(0, SWIPE_DAILY_LIKES - (await countSwipeLikesSince(db, profileId, startOfDay())));
  /**
   * A like or a pass in the swipe game. Free members have SWIPE_DAILY_LIKES likes a day (spec §9): the next one is
   * refused with premium_required and changes nothing.
   */
  const swipe = async (viewer: TViewer, profileId: number, action: 'like' | 'pass') => {
    if (profileId === viewer.profileId) throw new AppError('invalid_request');
    if (!(await findVisibleProfile(db, viewer.profileId, profileId))) throw new AppError('profile_not_found');
    if (action === 'pass') {
      await insertSwipePass(db, viewer.profileId, profileId);
      return {
        match: false,
        likes_left: viewer.isPremium ? null : await swipeLikesLeft(viewer.profileId),
        likes_reset_at: likesResetAt(),
      };
    }
    const limit = viewer.isPremium ? null : SWIPE_DAILY_LIKES;
    let job: number | undefined;
    const { stored, used } = await insertSwipeLike(db, {
      likerProfileId: viewer.profileId,
      likedProfileId: profileId,
      limit,
      since: startOfDay(),
      onNewLike: async (tx) => {
        await spendDailyLike(viewer);
        job = await deps.notify.queue(tx, {
          type: 'like',
          likerProfileId: viewer.profileId,
          likedProfileId: profileId,
        });
      },
    });
    if (!stored) throw new AppError('premium_required', { limit: SWIPE_DAILY_LIKES, likes_reset_at: likesResetAt() });
    if (job) deps.notify.runSoon([job]);
    const { likedBy } = await findRelation(db, viewer.profileId, profileId);
    await publishToMember(realtime, profileId, { type: likedBy ? 'match' : 'like', profile_id: viewer.profileId });
    return {
      match: likedBy,
      likes_left: limit === null ? null : Math.max(0, limit - used),
      likes_reset_at: likesResetAt(),
    };
  };
  return {
    /**
     * Likes a visible member; idempotent. Tells whether it is a match and lets the other member know at once. A new
     * like counts against the member's daily cap (LIKES_PER_DAY, PREMIUM_LIKES_PER_DAY).
     */
    async like(viewer: TViewer, profileId: number) {
      const viewerProfileId = viewer.profileId;
      if (profileId === viewerProfileId) throw new AppError('invalid_request');
      if (!(await findVisibleProfile(db, viewerProfileId, profileId))) throw new AppError('profile_not_found');
      // A new like's notification is queued in its transaction (a like given again queues nothing).
      const { isNewLike, job } = await db.transaction(async (tx) => {
        const stored = await insertLike(tx, {
          likerProfileId: viewerProfileId,
          likedProfileId: profileId,
          source: 'profile',
        });
        if (stored) await spendDailyLike(viewer);
        const queued = stored
          ? await deps.notify.queue(tx, { type: 'like', likerProfileId: viewerProfileId, likedProfileId: profileId })
          : undefined;
        return { isNewLike: stored, job: queued };
      });
      if (job) deps.notify.runSoon([job]);
      const { likedBy } = await findRelation(db, viewerProfileId, profileId);
      if (isNewLike) {
        await publishToMember(realtime, profileId, { type: likedBy ? 'match' : 'like', profile_id: viewerProfileId });
      }
      return { match: likedBy };
    },
    /** The next cards of the swipe game and how many swipe likes are left today (null: unlimited, premium). */
    async swipeCards(viewer: TViewer, cdnPrefix: string) {
      const me = await findPublicProfile(db, viewer.profileId, true);
      if (!me) throw new AppError('authentication_required');
      const rows = await findSwipeCards(
        db,
        { profileId: me.id, genders: gendersSought(me.gender, me.sexuality, me.seeking), country: me.country },
        SWIPE_STACK_SIZE,
      );
      const today = now();
      return {
        cards: rows.map((r) => toProfileCard(r, cdnPrefix, today)),
        likes_left: viewer.isPremium ? null : await swipeLikesLeft(viewer.profileId),
        likes_reset_at: likesResetAt(),
      };
    },
    swipe: (viewer: TViewer, profileId: number, action: 'like' | 'pass') => swipe(viewer, profileId, action),
    /**
     * The likes a visitor made on the swipe lander, stored once the account exists (`POST /api/lander-likes.php`):
     * they are swipe likes with the swipe game's rules (visible members only, the free daily swipe likes and the daily
     * like cap; past a cap the rest are dropped). Answers how many were stored.
     */
    async landerLikes(viewer: TViewer, profileIds: number[]) {
      let stored = 0;
      for (const id of new Set(profileIds)) {
        try {
          await swipe(viewer, id, 'like');
          stored += 1;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          if (err.code === 'premium_required' || err.code === 'daily_limit_reached') break;
          // Gone, hidden, blocked or oneself: that like is simply not kept.
        }
      }
      return { stored };
    },
    /** Matches the other member made while the viewer was away or elsewhere, for the match screen (oldest first). */
    async newMatches(viewerProfileId: number, cdnPrefix: string) {
      const rows = await findUnseenMatches(db, viewerProfileId, NEW_MATCHES_LIMIT);
      return {
        profiles: rows.map((r) => ({ id: r.id, name: r.name, main_image: mainImage(r.fileKey, cdnPrefix) })),
      };
    },
    /** Takes a like back; unknown or already gone is fine. */
    async unlike(viewerProfileId: number, profileId: number) {
      await deleteLike(db, viewerProfileId, profileId);
    },
    /** Whether each of the two likes the other (for the profile screen). */
    relation: (viewerProfileId: number, profileId: number) => findRelation(db, viewerProfileId, profileId),
    /** Opening a profile clears the new-like flag of that liker (spec §4). */
    markSeen: (viewerProfileId: number, likerProfileId: number) => markLikeSeen(db, viewerProfileId, likerProfileId),
    /** The new likes the list would flag, counted without building it (badges on every page). */
    newCount: (viewerProfileId: number) => countNewLikes(db, viewerProfileId),
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
      const since = subHours(now(), AUTO_LIKE_EVERY_HOURS);
      let likerId = (await findRecentAutoLike(db, viewerProfileId, since))?.id;
      if (!likerId) {
        const me = await findPublicProfile(db, viewerProfileId, true);
        if (!me) return null;
        const liker = await findAutoLiker(db, viewerProfileId, gendersSought(me.gender, me.sexuality, me.seeking));
        if (!liker) return null;
        await insertLike(db, { likerProfileId: liker.id, likedProfileId: viewerProfileId, source: 'auto' });
        likerId = liker.id;
      }
      const profile = await findPublicProfile(db, likerId);
      return profile ? { id: profile.id, main_image: mainImage(profile.fileKey, cdnPrefix) } : null;
    },
  };
}

export type TLikesService = ReturnType<typeof createLikesService>;
