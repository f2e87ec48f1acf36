import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { photos, profiles } from '#server/db/schema/index.ts';
import type { TPhotoKeys } from './photo-store.ts';

export type TPhotoRow = typeof photos.$inferSelect;

/** Photos of a profile in display order: the main photo first, then by position. */
export function listPhotos(db: TDb | TTx, profileId: number): Promise<TPhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.profileId, profileId))
    .orderBy(desc(photos.isMain), asc(photos.position), asc(photos.createdAt));
}

/**
 * Adds a photo unless the profile already holds `limit`; the profile row is locked so two uploads at once cannot
 * both pass the count. Returns false when the limit was reached. A `pending` photo (pre-moderation) waits for review
 * and is never the main photo; otherwise the first live photo is.
 */
export async function insertPhotoWithinLimit(
  db: TDb,
  {
    profileId,
    photo,
    limit,
    pending = false,
  }: {
    profileId: number;
    photo: TPhotoKeys & { width: number; height: number; variants: number };
    limit: number;
    pending?: boolean;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, profileId);
    const [{ n, last, main }] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        last: sql<number>`coalesce(max(${photos.position}), -1)::int`,
        main: sql<number>`count(*) filter (where ${photos.isMain})::int`,
      })
      .from(photos)
      .where(eq(photos.profileId, profileId));
    if (n >= limit) return false;
    const isMain = !pending && main === 0;
    await tx
      .insert(photos)
      .values({ profileId, ...photo, isMain, position: last + 1, status: pending ? 'pending' : 'live' });
    return true;
  });
}

/** Serialises every change to one profile's photos (upload, delete, arrange) on the profile row. */
async function lockProfile(tx: TTx, profileId: number): Promise<void> {
  await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${profileId} for update`);
}

/** Deletes one of a profile's photos; the next photo becomes main when the main one goes. Returns its keys. */
export async function deletePhoto(db: TDb | TTx, profileId: number, photoId: string): Promise<TPhotoKeys | null> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, profileId);
    const [gone] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
      .returning();
    if (!gone) return null;
    if (gone.isMain) {
      const [next] = (await listPhotos(tx, profileId)).filter((p) => p.status === 'live');
      if (next) await tx.update(photos).set({ isMain: true }).where(eq(photos.id, next.id));
    }
    return { fileKey: gone.fileKey, censoredKey: gone.censoredKey };
  });
}

/** Sets the main photo and/or the order of a profile's photos; `order` must name each of its photos once. */
export async function arrangePhotos(
  db: TDb,
  profileId: number,
  change: { mainPhotoId?: string; order?: string[] },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockProfile(tx, profileId);
    const own = await listPhotos(tx, profileId);
    const ids = new Set(own.map((p) => p.id));
    // A photo waiting for review cannot be the main one (the main photo is what everyone sees).
    const live = new Set(own.filter((p) => p.status === 'live').map((p) => p.id));
    if (change.mainPhotoId && !live.has(change.mainPhotoId)) return false;
    if (change.order && (change.order.length !== ids.size || !change.order.every((id) => ids.has(id)))) return false;
    if (change.order && new Set(change.order).size !== change.order.length) return false;
    if (change.mainPhotoId) {
      // Two steps: at most one main photo per profile is a unique index, checked row by row.
      await tx
        .update(photos)
        .set({ isMain: false })
        .where(and(eq(photos.profileId, profileId), eq(photos.isMain, true)));
      await tx.update(photos).set({ isMain: true }).where(eq(photos.id, change.mainPhotoId));
    }
    if (change.order) {
      for (const [position, id] of change.order.entries()) {
        await tx
          .update(photos)
          .set({ position })
          .where(and(eq(photos.id, id), eq(photos.profileId, profileId)));
      }
    }
    return true;
  });
}

/** Counts a profile's photos. */
export async function countPhotos(db: TDb, profileId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.profileId, profileId));
  return n;
}

/** The file key of one of a profile's own photos, or undefined when the id is not theirs. */
export async function findOwnPhotoKey(db: TDb, profileId: number, photoId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ fileKey: photos.fileKey })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.id, photoId)))
    .limit(1);
  return row?.fileKey;
}

/** Photos whose variant set is older than `version`, by id after `after` (the backfill's batches). */
export function findPhotosWithoutVariants(
  db: TDb,
  { version, after, limit }: { version: number; after?: string; limit: number },
) {
  return db
    .select({
      id: photos.id,
      fileKey: photos.fileKey,
      censoredKey: photos.censoredKey,
      width: photos.width,
      height: photos.height,
    })
    .from(photos)
    .where(and(lt(photos.variants, version), after ? gt(photos.id, after) : undefined))
    .orderBy(asc(photos.id))
    .limit(limit);
}

/** Whether any photo lacks the current variant set (start-up: schedule the backfill only then). */
export async function hasPhotosWithoutVariants(db: TDb, version: number): Promise<boolean> {
  const [row] = await db.select({ id: photos.id }).from(photos).where(lt(photos.variants, version)).limit(1);
  return row !== undefined;
}

/** Records that a photo's files follow variant set `version`; false when the photo was deleted meanwhile. */
export async function markPhotoVariants(db: TDb, id: string, version: number): Promise<boolean> {
  const rows = await db
    .update(photos)
    .set({ variants: sql`greatest(${photos.variants}, ${version})` })
    .where(eq(photos.id, id))
    .returning({ id: photos.id });
  return rows.length > 0;
}
