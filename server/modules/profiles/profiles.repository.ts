import { and, arrayContains, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/connect.ts';
import { photos, profiles } from '../../db/schema/index.ts';
import { blockedProfileIds, notBlockedWith } from './blocks.repository.ts';

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
};

/** Active, visible profiles of a niche that have a main photo, newest first. */
export async function findNicheCards(db: TDb, niche: number, limit: number): Promise<TCardRow[]> {
  return db
    .select(CARD_COLUMNS)
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(and(eq(profiles.status, 'active'), eq(profiles.invisible, false), arrayContains(profiles.niches, [niche])))
    .orderBy(desc(profiles.id))
    .limit(limit);
}

/** Counts active visible profiles of a niche. */
export async function countNicheProfiles(db: TDb, niche: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(and(eq(profiles.status, 'active'), eq(profiles.invisible, false), arrayContains(profiles.niches, [niche])));
  return row?.n ?? 0;
}

/** One active, visible profile with its main photo key, or undefined; `ownerView` also finds a hidden one. */
export async function findPublicProfile(
  db: TDb,
  id: number,
  ownerView = false,
): Promise<(TProfileRow & { fileKey: string | null }) | undefined> {
  const [row] = await db
    .select({ profile: profiles, fileKey: photos.fileKey })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        eq(profiles.id, id),
        ownerView ? undefined : and(eq(profiles.status, 'active'), eq(profiles.invisible, false)),
      ),
    )
    .limit(1);
  return row ? { ...row.profile, fileKey: row.fileKey } : undefined;
}

/** Filters of a member search; ages become a birth-date range so the index on birth_date is used. */
export interface TSearchFilter {
  gender?: string;
  country?: string;
  regionCode?: string;
  bornAfter?: string;
  bornOnOrBefore?: string;
  excludeProfileId?: number;
}

/** The filter conditions of a search; the searcher's own exclusions are added by searchProfiles. */
function searchWhere(f: TSearchFilter) {
  return and(
    eq(profiles.status, 'active'),
    eq(profiles.invisible, false),
    f.gender ? eq(profiles.gender, f.gender) : undefined,
    f.country ? eq(profiles.country, f.country) : undefined,
    f.regionCode ? eq(profiles.regionCode, f.regionCode) : undefined,
    f.bornAfter ? sql`${profiles.birthDate} > ${f.bornAfter}::date` : undefined,
    f.bornOnOrBefore ? sql`${profiles.birthDate} <= ${f.bornOnOrBefore}::date` : undefined,
  );
}

/**
 * One page of search results (members with a photo first, then newest) and the total count. `knownMatching` is a
 * recent count of the filter's matches (before the viewer's own exclusions), when the caller has one.
 */
export async function searchProfiles(db: TDb, f: TSearchFilter, limit: number, offset: number, knownMatching?: number) {
  const where = searchWhere(f);
  const viewer = f.excludeProfileId;
  const shown = and(where, viewer ? and(sql`${profiles.id} <> ${viewer}`, notBlockedWith(viewer)) : undefined);
  const mainPhoto = and(eq(photos.profileId, profiles.id), eq(photos.isMain, true));
  // Members with a photo first, then the newest. Each group is read newest first along the primary key, only as far
  // as this page reaches, instead of joining and sorting every match (see `npm run bench:search`).
  const withPhoto = db
    .select({ ...CARD_COLUMNS, fileKey: sql<string | null>`${photos.fileKey}`.as('file_key') })
    .from(profiles)
    .innerJoin(photos, mainPhoto)
    .where(shown)
    .orderBy(desc(profiles.id))
    .limit(offset + limit);
  const withoutPhoto = db
    .select({ ...CARD_COLUMNS, fileKey: sql<string | null>`null` })
    .from(profiles)
    .where(
      and(
        shown,
        notExists(
          db
            .select({ one: sql`1` })
            .from(photos)
            .where(mainPhoto),
        ),
      ),
    )
    .orderBy(desc(profiles.id))
    .limit(offset + limit);
  const cards = unionAll(withPhoto, withoutPhoto).as('cards');
  const count = (condition: SQL | undefined) =>
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(profiles)
      .where(condition)
      .then(([row]) => row.n);
  const [rows, matching, hiddenMatching] = await Promise.all([
    db
      .select()
      .from(cards)
      .orderBy(sql`${cards.fileKey} is null`, desc(cards.id))
      .limit(limit)
      .offset(offset),
    // All matches are counted from profiles_search_idx alone; testing each against the viewer's blocks would cost
    // more than the whole search, so the few matches hidden from the viewer (the viewer, and members blocked either
    // way) are counted from the blocks side and subtracted.
    knownMatching ?? count(where),
    viewer ? count(and(where, sql`${profiles.id} in (${blockedProfileIds(viewer)} union select ${viewer}::int)`)) : 0,
  ]);
  return { rows: rows as TCardRow[], total: Math.max(0, matching - hiddenMatching), matching };
}
