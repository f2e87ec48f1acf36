import { yearsSince } from '../../../common/accounts.ts';
import type { TDb } from '../../db/connect.ts';
import { createTtlCache } from '../../lib/ttl-cache.ts';
import {
  countNicheProfiles,
  findNicheCards,
  findPublicProfile,
  searchProfiles,
  type TCardRow,
  type TSearchFilter,
} from './profiles.repository.ts';
import { SEARCH_PAGE_SIZE, SIMILAR_THRESHOLD, type TSearchQuery } from '../../../common/search.ts';
import { eq } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import { photoUrls } from '../photos/photo-store.ts';
import { listPhotos } from '../photos/photos.repository.ts';
import { findMatches, findMatchesNearFirst } from './match-finder.repository.ts';
import { distance as geoDistance } from 'geokdbush';
import { distanceBucket } from '../../../common/distance.ts';
import { toPhotoWire, type TPhotoViewer } from '../photos/photos.service.ts';
import type { TLocale } from '../../../common/locales.ts';
import { findRelation, markLikeSeen } from '../likes/likes.repository.ts';
import { countryName, regionsOf } from '../reference/reference.service.ts';
import { findBlockRelation } from './blocks.repository.ts';

export interface TMainImage {
  filename: string;
  thumb_filename: string;
}

export interface TProfileCard {
  gender: string;
  id: number;
  name: string;
  age: number;
  city: string;
  country: string;
  is_fictional: boolean;
  main_image: TMainImage | null;
}

/** Public URLs of a member's main photo, prefixed with the site's CDN prefix (spec §3 main_image); null = no photo. */
export function mainImage(fileKey: string | null, cdnPrefix: string): TMainImage | null {
  return fileKey ? photoUrls({ fileKey, censoredKey: null }, cdnPrefix, false) : null;
}

/** The member card of a profile row (spec §3 Profile as shown in lists). */
export function toProfileCard(r: TCardRow, cdnPrefix: string, today: Date): TProfileCard {
  return {
    id: r.id,
    gender: r.gender,
    name: r.name,
    age: yearsSince(r.birthDate, today),
    city: r.city,
    country: r.country,
    is_fictional: r.isFictional,
    main_image: mainImage(r.fileKey, cdnPrefix),
  };
}

/** A visible member's public card with about-me, interests and language (member landers, first message). */
export function toPublicCard(
  r: TCardRow & { aboutMe: string; interests: string[]; locale: string },
  cdnPrefix: string,
  today: Date,
): TProfileCard & { about_me: string; interests: string[]; locale: string } {
  return { ...toProfileCard(r, cdnPrefix, today), about_me: r.aboutMe, locale: r.locale, interests: r.interests };
}

/** The genders a member looks for, from their gender and sexuality. */
export function gendersSought(gender: string, sexuality: string): string[] {
  if (sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'gay' || sexuality === 'lesbian') return [gender];
  return [gender === 'male' ? 'female' : 'male'];
}

/** Counts of broad searches are reused this long: thousands of matches cost a count each time, and a count a few
 * seconds old is as good to a member (small counts are always exact; see `npm run bench:search`). */
const BROAD_COUNT_MS = 30_000;
/** A search with at least this many matches is broad. */
const BROAD_COUNT_MIN = 1000;

/** Landing data is the same for every visitor of a niche: cached briefly (the hottest page of paid traffic). */
const LANDING_CACHE_MS = 60_000;

/** Profile reads used by public pages. */
export function createProfilesService(db: TDb, now: () => Date = () => new Date()) {
  const cards = createTtlCache<TProfileCard[]>(LANDING_CACHE_MS);
  const counts = createTtlCache<number>(LANDING_CACHE_MS);
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
  const reads = {
    /** Member cards for a niche's landing page. */
    landingCards(site: { niche: number; cdnPrefix: string }, limit = 12): Promise<TProfileCard[]> {
      return cards.get(`${site.niche}|${site.cdnPrefix}|${limit}`, () => loadCards(site, limit));
    },
    /** A visible member's public card with about-me and interests (member landers), or null. */
    async publicCard(
      id: number,
      cdnPrefix: string,
    ): Promise<(TProfileCard & { about_me: string; interests: string[]; locale: string }) | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await findPublicProfile(db, id);
      return row ? toPublicCard(row, cdnPrefix, now()) : null;
    },
    /** Members who suit a profile: the genders it looks for, nearby first, shared interests, close in age. */
    async suggestionsFor(profileId: number, cdnPrefix: string, limit = 12, offset = 0): Promise<TProfileCard[]> {
      const [me] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
      if (!me) return [];
      const rows = await findMatchesNearFirst(
        db,
        {
          profileId: me.id,
          genders: gendersSought(me.gender, me.sexuality),
          country: me.country,
          regionCode: me.regionCode,
          birthDate: me.birthDate,
          interests: me.interests,
        },
        limit,
        offset,
      );
      return rows.map((r) => toCard(r, cdnPrefix));
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
      const { rows, total, matching } = await searchProfiles(
        db,
        filter,
        SEARCH_PAGE_SIZE,
        (query.page - 1) * SEARCH_PAGE_SIZE,
        broadCount(countKey),
      );
      rememberCount(countKey, matching);
      let similar: TProfileCard[] = [];
      if (query.page === 1 && total < SIMILAR_THRESHOLD) {
        // Widen the search: keep gender and country, drop the region and the ages.
        const wider = await searchProfiles(
          db,
          { gender: filter.gender, country: filter.country, excludeProfileId: opts.excludeProfileId },
          SEARCH_PAGE_SIZE,
          0,
        );
        const shown = new Set(rows.map((r) => r.id));
        similar = wider.rows
          .filter((r) => !shown.has(r.id))
          .slice(0, 12)
          .map((r) => toCard(r, opts.cdnPrefix));
      }
      return {
        results: rows.map((r) => toCard(r, opts.cdnPrefix)),
        numResults: total,
        page: query.page,
        pages: Math.max(1, Math.ceil(total / SEARCH_PAGE_SIZE)),
        similar,
      };
    },
    /** A visible member's full profile for the profile screen (spec §2), with photos and related members; null otherwise. */
    async profileView(id: number, cdnPrefix: string, viewer?: { profileId: number; isPremium: boolean }) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      // Members always see their own profile, even while it is hidden from everyone else.
      const isOwner = viewer?.profileId === id;
      const row = await findPublicProfile(db, id, isOwner);
      if (!row) return null;
      const viewerProfileId = viewer?.profileId;
      const tier: TPhotoViewer = !viewer
        ? 'visitor'
        : viewer.profileId === row.id
          ? 'self'
          : viewer.isPremium
            ? 'premium'
            : 'free';
      const photoRows = await listPhotos(db, row.id);
      const distance = tier === 'self' || !viewer ? null : await distanceBetween(viewer.profileId, row);
      // Members like this one: same gender, nearby, shared interests, close in age (never the viewer or this one).
      const related = await findMatches(
        db,
        {
          profileId: viewerProfileId ?? row.id,
          genders: [row.gender],
          country: row.country,
          regionCode: row.regionCode,
          birthDate: row.birthDate,
          interests: row.interests,
        },
        7,
        0,
      ).then((rows) => rows.filter((r) => r.id !== row.id).slice(0, 6));
      return {
        id: row.id,
        name: row.name,
        gender: row.gender,
        sexuality: row.sexuality,
        age: yearsSince(row.birthDate, now()),
        country: row.country,
        region_code: row.regionCode,
        city: row.city,
        locale: row.locale,
        about_me: row.aboutMe,
        hair_color: row.hairColor,
        eye_color: row.eyeColor,
        body_type: row.bodyType,
        relationship_status: row.relationshipStatus,
        tattoos: row.tattoos,
        height_cm: row.heightCm,
        interests: row.interests,
        is_fictional: row.isFictional,
        photos: toPhotoWire(photoRows, cdnPrefix, tier),
        distance,
        /** For the owner only: why others cannot see the profile right now. */
        hidden_reason: !isOwner
          ? null
          : row.status !== 'active'
            ? ('not_active' as const)
            : row.invisible
              ? ('invisible' as const)
              : null,
        related: related.map((r) => toCard(r, cdnPrefix)),
      };
    },
    /** Number of visible members of a niche. */
    countMembers: (niche: number) => counts.get(String(niche), () => countNicheProfiles(db, niche)),
  };
  return {
    ...reads,
    /**
     * The profile screen as a viewer may see it (spec §2 members-id, §4, §6): null when the member is unknown or
     * hidden; only the blocker's name when the member blocked the viewer; otherwise the profile with names of its
     * country and region, the block and like relation, and the liker's new-like flag cleared (spec §4). The flag
     * is cleared only when no block stands either way: a blocked member's profile is never really seen.
     */
    async viewProfile(
      viewer: { profileId: number; isPremium: boolean } | undefined,
      id: number,
      site: { cdnPrefix: string; locale: TLocale },
    ) {
      const profile = await reads.profileView(id, site.cdnPrefix, viewer);
      if (!profile) return null;
      const isOther = viewer !== undefined && viewer.profileId !== profile.id;
      const block = isOther ? await findBlockRelation(db, viewer.profileId, profile.id) : null;
      if (block?.blockedMe) return { kind: 'blocked_by' as const, name: profile.name };
      if (isOther && !block?.blockedByMe) await markLikeSeen(db, viewer.profileId, profile.id);
      const like = isOther ? await findRelation(db, viewer.profileId, profile.id) : null;
      const region = regionsOf(profile.country, site.locale)?.regions.find((r) => r.code === profile.region_code);
      return {
        kind: 'visible' as const,
        blockedByMe: block?.blockedByMe ?? false,
        like,
        canBlock: isOther,
        profile: {
          ...profile,
          country_name: countryName(profile.country, site.locale),
          region_name: region?.name ?? '',
        },
        related: profile.related.map((c) => ({ ...c, country_name: countryName(c.country, site.locale) })),
      };
    },
  };

  /** The rounded distance between the viewer's city and a member's city; null when either city is unknown. */
  async function distanceBetween(viewerProfileId: number, other: { lat: number | null; lon: number | null }) {
    if (other.lat === null || other.lon === null) return null;
    const [me] = await db
      .select({ lat: profiles.lat, lon: profiles.lon })
      .from(profiles)
      .where(eq(profiles.id, viewerProfileId))
      .limit(1);
    if (me?.lat == null || me.lon == null) return null;
    return { within_km: distanceBucket(geoDistance(me.lon, me.lat, other.lon, other.lat)) };
  }

  async function loadCards(site: { niche: number; cdnPrefix: string }, limit: number): Promise<TProfileCard[]> {
    const rows = await findNicheCards(db, site.niche, limit);
    return rows.map((r) => toCard(r, site.cdnPrefix));
  }

  function toCard(r: TCardRow, cdnPrefix: string): TProfileCard {
    return toProfileCard(r, cdnPrefix, now());
  }
}

export type TProfilesService = ReturnType<typeof createProfilesService>;
