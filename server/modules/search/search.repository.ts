import { and, desc, eq, notExists, type SQL, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { TDb } from '#server/db/connect.ts';
import { photos, profiles } from '#server/db/schema/index.ts';
import { blockedProfileIds, listedProfile, notBlockedWith } from '#server/db/visibility.ts';
import { CARD_COLUMNS, type TCardRow } from '../profiles/profiles.repository.ts';

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
    listedProfile(),
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
export async function searchProfiles(
  db: TDb,
  page: { filter: TSearchFilter; limit: number; offset: number; knownMatching?: number },
) {
  const { filter: f, limit, offset, knownMatching } = page;
  const where = searchWhere(f);
  const viewer = f.excludeProfileId;
  const shown = and(where, viewer ? and(sql`${profiles.id} <> ${viewer}`, notBlockedWith(viewer)) : undefined);
  const mainPhoto = and(eq(photos.profileId, profiles.id), eq(photos.isMain, true));
  // Members with a photo first, then the newest. Each group is read newest first along the primary key, only as far
  // as this page reaches, instead of joining and sorting every match (see `npm run bench:search`).
  const withPhoto = db
    .select({
      ...CARD_COLUMNS,
      fileKey: sql<string | null>`${photos.fileKey}`.as('file_key'),
      photoWidth: sql<number | null>`${photos.width}`.as('photo_width'),
      photoHeight: sql<number | null>`${photos.height}`.as('photo_height'),
      photoVariants: sql<number | null>`${photos.variants}`.as('photo_variants'),
    })
    .from(profiles)
    .innerJoin(photos, mainPhoto)
    .where(shown)
    .orderBy(desc(profiles.id))
    .limit(offset + limit);
  const withoutPhoto = db
    .select({
      ...CARD_COLUMNS,
      fileKey: sql<string | null>`null`,
      photoWidth: sql<number | null>`null::int`,
      photoHeight: sql<number | null>`null::int`,
      photoVariants: sql<number | null>`null::smallint`,
    })
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

/** Whom a member looks for and their last search filters (the defaults of their next search). */
export async function findSearchDefaults(db: TDb, profileId: number) {
  const [row] = await db
    .select({ seeking: profiles.seeking, searchFilters: profiles.searchFilters })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** Stores a member's last search filters. */
export async function saveSearchFilters(db: TDb, profileId: number, filters: Record<string, string | number>) {
  await db.update(profiles).set({ searchFilters: filters }).where(eq(profiles.id, profileId));
}
