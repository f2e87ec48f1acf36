import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { photos, profiles, users } from '#server/db/schema/index.ts';

/** Filters of the photo review grid; `siteIds` null = every site. */
export interface TPhotoReviewFilter {
  siteIds: number[] | null;
  /** Only photos waiting under pre-moderation (`pending`), or every photo nobody reviewed yet. */
  pendingOnly?: boolean;
  limit: number;
  offset: number;
}

/** Members' photos nobody reviewed yet, oldest first (fictional profiles' photos come from staff and are not queued). */
export async function listPhotosToReview(db: TDb, f: TPhotoReviewFilter) {
  const conditions: (SQL | undefined)[] = [isNull(photos.reviewedAt)];
  if (f.pendingOnly) conditions.push(eq(photos.status, 'pending'));
  if (f.siteIds) conditions.push(f.siteIds.length ? inArray(users.siteId, f.siteIds) : sql`false`);
  const where = and(...conditions);
  const rows = await db
    .select({
      id: photos.id,
      fileKey: photos.fileKey,
      censoredKey: photos.censoredKey,
      status: photos.status,
      createdAt: photos.createdAt,
      profileId: photos.profileId,
      profileName: profiles.name,
      siteId: users.siteId,
    })
    .from(photos)
    .innerJoin(users, eq(users.profileId, photos.profileId))
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(where)
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db
    .select({ total: count() })
    .from(photos)
    .innerJoin(users, eq(users.profileId, photos.profileId))
    .where(where);
  return { rows, total };
}

/** A photo with its owner's account and contact (for the site check and the member's email). */
export async function findPhotoForReview(db: TDb | TTx, photoId: string) {
  const [row] = await db
    .select({
      id: photos.id,
      profileId: photos.profileId,
      status: photos.status,
      reviewedAt: photos.reviewedAt,
      createdAt: photos.createdAt,
      userId: users.id,
      siteId: users.siteId,
      email: users.email,
      locale: users.locale,
      name: profiles.name,
    })
    .from(photos)
    .innerJoin(users, eq(users.profileId, photos.profileId))
    .innerJoin(profiles, eq(profiles.id, photos.profileId))
    .where(eq(photos.id, photoId))
    .limit(1);
  return row;
}

/**
 * Makes a photo live and reviewed; under pre-moderation it becomes the main photo when the profile has none yet (a
 * waiting photo is never main, so a member's first approved photo is their main one).
 */
export async function approvePhoto(tx: TTx, photo: { id: string; profileId: number }, at: Date): Promise<void> {
  const { id: photoId, profileId } = photo;
  await tx.execute(sql`select 1 from ${profiles} where ${profiles.id} = ${profileId} for update`);
  const [main] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.isMain, true)))
    .limit(1);
  await tx
    .update(photos)
    .set({ status: 'live', reviewedAt: at, ...(main ? {} : { isMain: true }) })
    .where(eq(photos.id, photoId));
}
