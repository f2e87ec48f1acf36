import { and, arrayContains, desc, eq, or, sql } from 'drizzle-orm';
import { ORIENTATION_NICHES } from '#common/consents.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { photos, profiles, users } from '#server/db/schema/index.ts';
import { listedFor, listedProfile } from '#server/db/visibility.ts';

export type TProfileRow = typeof profiles.$inferSelect;

export interface TCardRow {
  id: number;
  gender: string;
  name: string;
  birthDate: string;
  city: string;
  country: string;
  isFictional: boolean;
  fileKey: string | null;
  /** Size and variant set of the main photo (null without one), for its srcset (issue 32). */
  photoWidth: number | null;
  photoHeight: number | null;
  photoVariants: number | null;
}

/** The columns of a member card. */
export const CARD_COLUMNS = {
  id: profiles.id,
  name: profiles.name,
  gender: profiles.gender,
  birthDate: profiles.birthDate,
  city: profiles.city,
  country: profiles.country,
  isFictional: profiles.isFictional,
  fileKey: photos.fileKey,
  photoWidth: photos.width,
  photoHeight: photos.height,
  photoVariants: photos.variants,
};

/**
 * The members a niche lists: active, visible and in the niche; for a niche that reveals orientation only
 * those who chose to show it (`show_sexuality`), and fictional profiles, which are no one's personal data.
 */
function listedInNiche(niche: number) {
  return and(
    listedProfile(),
    arrayContains(profiles.niches, [niche]),
    (ORIENTATION_NICHES as readonly number[]).includes(niche)
      ? or(eq(profiles.showSexuality, true), eq(profiles.isFictional, true))
      : undefined,
  );
}

/** Profiles a niche lists that have a main photo, newest first. */
export async function findNicheCards(db: TDb, niche: number, limit: number): Promise<TCardRow[]> {
  return db
    .select(CARD_COLUMNS)
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(listedInNiche(niche))
    .orderBy(desc(profiles.id))
    .limit(limit);
}

/** Counts the profiles a niche lists. */
export async function countNicheProfiles(db: TDb, niche: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(listedInNiche(niche));
  return row?.n ?? 0;
}

/** One active, visible profile with its main photo key, or undefined; `ownerView` also finds a hidden one. */
export async function findPublicProfile(
  db: TDb,
  id: number,
  ownerView = false,
): Promise<(TProfileRow & Pick<TCardRow, 'fileKey' | 'photoWidth' | 'photoHeight' | 'photoVariants'>) | undefined> {
  const [row] = await db
    .select({
      profile: profiles,
      fileKey: photos.fileKey,
      photoWidth: photos.width,
      photoHeight: photos.height,
      photoVariants: photos.variants,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(and(eq(profiles.id, id), ownerView ? undefined : listedProfile()))
    .limit(1);
  if (!row) return undefined;
  const { profile, ...photo } = row;
  return { ...profile, ...photo };
}

/** A profile's city coordinates (null when unknown), or undefined when there is no such profile. */
export async function findProfileLocation(
  db: TDb,
  profileId: number,
): Promise<{ lat: number | null; lon: number | null } | undefined> {
  const [row] = await db
    .select({ lat: profiles.lat, lon: profiles.lon })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** The profile of an account, or undefined when there is no such account. */
export async function findProfileOfUser(db: TDb, userId: number): Promise<TProfileRow | undefined> {
  const [row] = await db
    .select({ profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.profile;
}

/** Updates columns of a profile. */
export async function updateProfile(
  db: TDb,
  profileId: number,
  values: Partial<typeof profiles.$inferInsert>,
): Promise<void> {
  await db.update(profiles).set(values).where(eq(profiles.id, profileId));
}

/** A profile the viewer may see (listed, no block either way) with what likes and messages check, or undefined. */
export async function findVisibleProfile(db: TDb | TTx, viewerProfileId: number, profileId: number) {
  const [row] = await db
    .select({ id: profiles.id, gender: profiles.gender, sexuality: profiles.sexuality })
    .from(profiles)
    .where(and(eq(profiles.id, profileId), listedFor(viewerProfileId)))
    .limit(1);
  return row;
}
