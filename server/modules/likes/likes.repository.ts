import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { likes, photos, profiles, swipePasses } from '#server/db/schema/index.ts';
import { listedFor } from '#server/db/visibility.ts';
import { CARD_COLUMNS, type TCardRow } from '../profiles/profiles.repository.ts';

/** Stores a like once; true when it is new. */
export async function insertLike(
  db: TDb | TTx,
  { likerProfileId, likedProfileId, source }: { likerProfileId: number; likedProfileId: number; source: string },
) {
  const inserted = await db
    .insert(likes)
    .values({ likerProfileId, likedProfileId, source })
    .onConflictDoNothing()
    .returning({ at: likes.createdAt });
  return inserted.length > 0;
}

/** Removes a like; true when there was one. */
export async function deleteLike(db: TDb, likerProfileId: number, likedProfileId: number) {
  const gone = await db
    .delete(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
    .returning({ at: likes.createdAt });
  return gone.length > 0;
}

/** Whether each of the two likes the other. */
export async function findRelation(db: TDb, viewerProfileId: number, profileId: number) {
  const rows = await db
    .select({ liker: likes.likerProfileId })
    .from(likes)
    .where(
      or(
        and(eq(likes.likerProfileId, viewerProfileId), eq(likes.likedProfileId, profileId)),
        and(eq(likes.likerProfileId, profileId), eq(likes.likedProfileId, viewerProfileId)),
      ),
    );
  return {
    liked: rows.some((r) => r.liker === viewerProfileId),
    likedBy: rows.some((r) => r.liker === profileId),
  };
}

/** Marks the like of one liker as seen by the liked member. */
export async function markLikeSeen(db: TDb, viewerProfileId: number, likerProfileId: number) {
  await db
    .update(likes)
    .set({ isNew: false })
    .where(
      and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, viewerProfileId), eq(likes.isNew, true)),
    );
}

export type TLikeRow = TCardRow & { iLiked: boolean; likedMe: boolean; likeNew: boolean; at: Date };

/**
 * Everyone the viewer liked or was liked by, visible and not blocked either way, newest first, with both
 * directions and whether the like to the viewer is still new.
 */
export async function findLikes(db: TDb, viewerProfileId: number, limit: number): Promise<TLikeRow[]> {
  const mine = db
    .select({
      other:
        sql<number>`case when ${likes.likerProfileId} = ${viewerProfileId} then ${likes.likedProfileId} else ${likes.likerProfileId} end`.as(
          'other',
        ),
      iLiked: sql<boolean>`bool_or(${likes.likerProfileId} = ${viewerProfileId})`.as('i_liked'),
      likedMe: sql<boolean>`bool_or(${likes.likedProfileId} = ${viewerProfileId})`.as('liked_me'),
      likeNew: sql<boolean>`bool_or(${likes.likedProfileId} = ${viewerProfileId} and ${likes.isNew})`.as('like_new'),
      at: sql<Date>`max(${likes.createdAt})`.as('at'),
    })
    .from(likes)
    .where(or(eq(likes.likerProfileId, viewerProfileId), eq(likes.likedProfileId, viewerProfileId)))
    .groupBy(sql`1`)
    .as('mine');
  const rows = await db
    .select({ ...CARD_COLUMNS, iLiked: mine.iLiked, likedMe: mine.likedMe, likeNew: mine.likeNew, at: mine.at })
    .from(mine)
    .innerJoin(profiles, eq(profiles.id, mine.other))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(listedFor(viewerProfileId))
    .orderBy(desc(mine.at))
    .limit(limit);
  return rows as TLikeRow[];
}

/** A fictional member with a photo of the given genders who has not liked the viewer yet (auto-like). */
export async function findAutoLiker(db: TDb, viewerProfileId: number, genders: string[]) {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        listedFor(viewerProfileId),
        eq(profiles.isFictional, true),
        inArray(profiles.gender, genders),
        sql`${profiles.id} <> ${viewerProfileId}`,
        sql`not exists (select 1 from ${likes} l where l.liker_profile_id = ${profiles.id} and l.liked_profile_id = ${viewerProfileId})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  return row;
}

/** The newest auto-like the viewer received since a moment. */
export async function findRecentAutoLike(db: TDb, viewerProfileId: number, since: Date) {
  const [row] = await db
    .select({ id: likes.likerProfileId })
    .from(likes)
    .where(and(eq(likes.likedProfileId, viewerProfileId), eq(likes.source, 'auto'), gte(likes.createdAt, since)))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  return row;
}

/**
 * Stores a swipe like unless the member already used `limit` swipe likes since `since` (null: no limit). The
 * member's profile row is locked, so parallel swipes cannot pass the limit. Answers whether it was stored and how
 * many swipe likes were used.
 */
export async function insertSwipeLike(
  db: TDb,
  swipe: {
    likerProfileId: number;
    likedProfileId: number;
    limit: number | null;
    since: Date;
    /** Runs in the same transaction when a new like was stored (its notification is queued with it). */
    onNewLike?: (tx: TTx) => Promise<void>;
  },
): Promise<{ stored: boolean; used: number }> {
  const { likerProfileId, likedProfileId, limit, since, onNewLike } = swipe;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${likerProfileId} for update`);
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.source, 'swipe'), gte(likes.createdAt, since)));
    if (limit !== null && n >= limit) return { stored: false, used: n };
    const inserted = await tx
      .insert(likes)
      .values({ likerProfileId, likedProfileId, source: 'swipe' })
      .onConflictDoNothing()
      .returning({ at: likes.createdAt });
    if (inserted.length > 0) await onNewLike?.(tx);
    return { stored: true, used: n + inserted.length };
  });
}

/** Remembers a pass in the swipe game. */
export async function insertSwipePass(db: TDb, viewerProfileId: number, profileId: number) {
  await db.insert(swipePasses).values({ viewerProfileId, profileId }).onConflictDoNothing();
}

/** The next cards of the swipe game: visible members with a photo of the sought genders, not liked or passed yet. */
export async function findSwipeCards(
  db: TDb,
  viewer: { profileId: number; genders: string[]; country: string },
  limit: number,
): Promise<TCardRow[]> {
  const rows = await db
    .select(CARD_COLUMNS)
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        listedFor(viewer.profileId),
        inArray(profiles.gender, viewer.genders),
        sql`${profiles.id} <> ${viewer.profileId}`,
        sql`not exists (select 1 from ${likes} l where l.liker_profile_id = ${viewer.profileId} and l.liked_profile_id = ${profiles.id})`,
        sql`not exists (select 1 from ${swipePasses} s where s.viewer_profile_id = ${viewer.profileId} and s.profile_id = ${profiles.id})`,
      ),
    )
    // Nearby first, then a fresh mix every day rather than always the newest.
    .orderBy(sql`(${profiles.country} = ${viewer.country}) desc`, sql`md5(${profiles.id}::text || current_date::text)`)
    .limit(limit);
  return rows as TCardRow[];
}

/** Swipe likes a member made since a moment. */
export async function countSwipeLikesSince(db: TDb, likerProfileId: number, since: Date): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.source, 'swipe'), gte(likes.createdAt, since)));
  return n;
}

/**
 * Matches the viewer has not seen yet: the other member liked the viewer back after the viewer's own like (so the
 * viewer did not make the match on their own screen), and the viewer has not seen that like (`isNew`). Visible and
 * not blocked either way; oldest first.
 */
export async function findUnseenMatches(db: TDb, viewerProfileId: number, limit: number) {
  return db
    .select({ id: profiles.id, name: profiles.name, fileKey: photos.fileKey })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        eq(likes.likedProfileId, viewerProfileId),
        eq(likes.isNew, true),
        listedFor(viewerProfileId),
        sql`exists (select 1 from ${likes} mine where mine.liker_profile_id = ${viewerProfileId}
          and mine.liked_profile_id = ${likes.likerProfileId} and mine.created_at < ${likes.createdAt})`,
      ),
    )
    .orderBy(likes.createdAt)
    .limit(limit);
}
