import { distance as geoDistance } from 'geokdbush';
import { yearsSince } from '#common/accounts.ts';
import { distanceBucket } from '#common/distance.ts';
import type { TLocale } from '#common/locales.ts';
import type { TCore } from '#server/core.ts';
import type { TProfileCard, TPublicCard } from '#common/wire/profile-card.ts';
import { createTtlCache } from '#server/lib/ttl-cache.ts';
import { listPhotos } from '../photos/photos.repository.ts';
import { toPhotoWire, type TPhotoViewer } from '../photos/photos.service.ts';
import { countryName, regionsOf } from '../reference/reference.service.ts';
import { findBlockRelation } from './blocks.repository.ts';
import { toProfileCard, toPublicCard } from './profile-card.ts';
import {
  countNicheProfiles,
  findNicheCards,
  findProfileLocation,
  findPublicProfile,
  type TCardRow,
} from './profiles.repository.ts';
import { findMatchesNearFirst } from './matches.repository.ts';
import { MINUTE_MS } from '#common/time.ts';

/**
 * The genders a member looks for. Their own "looking for" choice (`seeking`) decides, with or without the Art. 9
 * consent: it is a choice they made, not their orientation. Members from before that choice was stored fall back to
 * their orientation when it is processed, else both genders.
 */
export function gendersSought(gender: string, sexuality: string | null, seeking?: string | null): string[] {
  if (seeking === 'male' || seeking === 'female') return [seeking];
  if (seeking === 'both') return ['male', 'female'];
  if (sexuality === null || sexuality === 'bi') return ['male', 'female'];
  if (sexuality === 'gay' || sexuality === 'lesbian') return [gender];
  return [gender === 'male' ? 'female' : 'male'];
}

/** Landing data is the same for every visitor of a niche: cached briefly (the hottest page of paid traffic). */
const LANDING_CACHE_MS = MINUTE_MS;

/**
 * The like relation the profile screen shows, from the likes service: passed in, because the likes module builds on
 * profiles (cards, visibility) and modules never import each other both ways.
 */
export interface TProfileLikes {
  /** Whether each of the two likes the other. */
  relation(viewerProfileId: number, profileId: number): Promise<{ liked: boolean; likedBy: boolean }>;
  /** Clears the new-like flag of a liker whose profile the viewer opened. */
  markSeen(viewerProfileId: number, likerProfileId: number): Promise<void>;
}

/** Profile reads used by public pages and the profile screen. */
export function createProfilesService(core: Pick<TCore, 'db' | 'now'>, deps: { likes: TProfileLikes }) {
  const { db, now } = core;
  const { likes } = deps;
  const cards = createTtlCache<TProfileCard[]>(LANDING_CACHE_MS);
  const counts = createTtlCache<number>(LANDING_CACHE_MS);
  const reads = {
    /** Member cards for a niche's landing page. */
    landingCards(site: { niche: number; cdnPrefix: string }, limit = 12): Promise<TProfileCard[]> {
      return cards.get(`${site.niche}|${site.cdnPrefix}|${limit}`, () => loadCards(site, limit));
    },
    /** A visible member's public card with about-me and interests (member landers), or null. */
    async publicCard(id: number, cdnPrefix: string): Promise<TPublicCard | null> {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const row = await findPublicProfile(db, id);
      return row ? toPublicCard(row, cdnPrefix, now()) : null;
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
      // Members like this one: same gender, nearby, shared interests, close in age (never the viewer or this one);
      // the same country first, then the others, so a member alone in their country still has similar members.
      const related = await findMatchesNearFirst(db, {
        me: {
          profileId: viewerProfileId ?? row.id,
          genders: [row.gender],
          country: row.country,
          regionCode: row.regionCode,
          birthDate: row.birthDate,
          interests: row.interests,
        },
        limit: 7,
        offset: 0,
      }).then((rows) => rows.filter((r) => r.id !== row.id).slice(0, 6));
      return {
        id: row.id,
        name: row.name,
        gender: row.gender,
        // Special-category data (GDPR Art. 9): never for visitors; for members only when the owner chose to show it.
        sexuality: viewer && row.showSexuality ? row.sexuality : null,
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
      if (isOther && !block?.blockedByMe) await likes.markSeen(viewer.profileId, profile.id);
      const like = isOther ? await likes.relation(viewer.profileId, profile.id) : null;
      const region = regionsOf(profile.country, site.locale)?.regions.find((r) => r.code === profile.region_code);
      // The related members once, beside the profile with their country names (issue 32: the page sent them twice).
      const { related, ...shown } = profile;
      return {
        kind: 'visible' as const,
        blockedByMe: block?.blockedByMe ?? false,
        like,
        canBlock: isOther,
        profile: {
          ...shown,
          country_name: countryName(profile.country, site.locale),
          region_name: region?.name ?? '',
        },
        related: related.map((c) => ({ ...c, country_name: countryName(c.country, site.locale) })),
      };
    },
  };

  /** The rounded distance between the viewer's city and a member's city; null when either city is unknown. */
  async function distanceBetween(viewerProfileId: number, other: { lat: number | null; lon: number | null }) {
    if (other.lat === null || other.lon === null) return null;
    const me = await findProfileLocation(db, viewerProfileId);
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
