import { SEARCH_PAGE_SIZE, SIMILAR_THRESHOLD, type TSearchQuery, ZSearchQuery } from '#common/search.ts';
import type { TCore } from '#server/core.ts';
import type { TProfileCard } from '#common/wire/profile-card.ts';
import { toProfileCard } from '../profiles/profile-card.ts';
import { findSearchDefaults, saveSearchFilters, searchProfiles, type TSearchFilter } from './search.repository.ts';

/** The filters of the search state (spec §3) that are remembered; the page is not. */
export const SEARCH_FILTER_KEYS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;

/** The remembered form of a search's filters: every key present, an unset filter as '' (so "Any" is kept). */
function filtersOf(query: TSearchQuery): Record<string, string | number> {
  return Object.fromEntries(SEARCH_FILTER_KEYS.map((k) => [k, query[k] ?? '']));
}

/** Counts of broad searches are reused this long: thousands of matches cost a count each time, and a count a few
 * seconds old is as good to a member (small counts are always exact; see `npm run bench:search`). */
const BROAD_COUNT_MS = 30_000;
/** A search with at least this many matches is broad. */
const BROAD_COUNT_MIN = 1000;

/** Member search (spec §3 search state). */
export function createSearchService(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  const broadCounts = new Map<string, { n: number; expires: number }>();
  const broadCount = (key: string) => {
    const hit = broadCounts.get(key);
    return hit && hit.expires > Date.now() ? hit.n : undefined;
  };
  const rememberCount = (key: string, n: number) => {
    if (n < BROAD_COUNT_MIN) return;
    if (broadCounts.size >= 1000) broadCounts.clear();
    broadCounts.set(key, { n, expires: Date.now() + BROAD_COUNT_MS });
  };
  return {
    /**
     * The search a member starts from when they open search without filters: their last filters, else the gender they
     * look for (their own "looking for" choice, with or without the Art. 9 consent).
     */
    async defaultQuery(profileId: number): Promise<TSearchQuery> {
      const row = await findSearchDefaults(db, profileId);
      if (row?.searchFilters) {
        // An unset filter is stored as '' (so "Any" is kept) and read back as unset.
        return ZSearchQuery.parse(Object.fromEntries(Object.entries(row.searchFilters).filter(([, v]) => v !== '')));
      }
      const gender = row?.seeking === 'male' || row?.seeking === 'female' ? row.seeking : undefined;
      return ZSearchQuery.parse({ gender });
    },

    /** Remembers a member's filters as the default of their next search (written only when they changed). */
    async rememberFilters(profileId: number, query: TSearchQuery): Promise<void> {
      const filters = filtersOf(query);
      const row = await findSearchDefaults(db, profileId);
      const stored = row?.searchFilters;
      if (stored && SEARCH_FILTER_KEYS.every((k) => stored[k] === filters[k])) return;
      await saveSearchFilters(db, profileId, filters);
    },

    /** A page of members matching the search state of spec §3, plus similar members when few match. */
    async search(query: TSearchQuery, opts: { cdnPrefix: string; excludeProfileId?: number }) {
      const today = now();
      const yearsAgo = (years: number) => {
        const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
        return d.toISOString().slice(0, 10);
      };
      const [minAge, maxAge] = [query.min_age, query.max_age].sort((a, b) => (a ?? 0) - (b ?? 0));
      const filter: TSearchFilter = {
        gender: query.gender,
        country: query.country,
        regionCode: query.country ? query.countryregion : undefined,
        // Age at least minAge: born on or before today minus minAge years; at most maxAge: born after today minus maxAge+1.
        bornOnOrBefore: minAge ? yearsAgo(minAge) : undefined,
        bornAfter: maxAge ? yearsAgo(maxAge + 1) : undefined,
        excludeProfileId: opts.excludeProfileId,
      };
      const countKey = JSON.stringify({ ...filter, excludeProfileId: undefined });
      const { rows, total, matching } = await searchProfiles(db, {
        filter,
        limit: SEARCH_PAGE_SIZE,
        offset: (query.page - 1) * SEARCH_PAGE_SIZE,
        knownMatching: broadCount(countKey),
      });
      rememberCount(countKey, matching);
      let similar: TProfileCard[] = [];
      if (query.page === 1 && total < SIMILAR_THRESHOLD) {
        // Widen the search: keep gender and country, drop the region and the ages.
        const wider = await searchProfiles(db, {
          filter: { gender: filter.gender, country: filter.country, excludeProfileId: opts.excludeProfileId },
          limit: SEARCH_PAGE_SIZE,
          offset: 0,
        });
        const shown = new Set(rows.map((r) => r.id));
        similar = wider.rows
          .filter((r) => !shown.has(r.id))
          .slice(0, 12)
          .map((r) => toProfileCard(r, opts.cdnPrefix, today));
      }
      return {
        results: rows.map((r) => toProfileCard(r, opts.cdnPrefix, today)),
        numResults: total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        similar,
      };
    },
  };
}

export type TSearchService = ReturnType<typeof createSearchService>;
