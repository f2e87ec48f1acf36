import type { TCore } from '#server/core.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import type { TProfileCard } from '#common/wire/profile-card.ts';
import { toProfileCard } from '../profiles/profile-card.ts';
import { gendersSought } from '../profiles/profiles.service.ts';
import { findMatchesNearFirst } from '../profiles/matches.repository.ts';

/** Suggestions of members who suit a member (spec §2 match-finder and signup-matches). */
export function createMatchFinderService(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  return {
    /** Members who suit a profile: the genders it looks for, nearby first, shared interests, close in age. */
    async suggestionsFor(
      profileId: number,
      cdnPrefix: string,
      { limit = 12, offset = 0 }: { limit?: number; offset?: number } = {},
    ): Promise<TProfileCard[]> {
      // The member's own profile in any state: a new member's profile is not active yet.
      const me = await findPublicProfile(db, profileId, true);
      if (!me) return [];
      const rows = await findMatchesNearFirst(db, {
        me: {
          profileId: me.id,
          genders: gendersSought(me.gender, me.sexuality, me.seeking),
          country: me.country,
          regionCode: me.regionCode,
          birthDate: me.birthDate,
          interests: me.interests,
        },
        limit,
        offset,
      });
      const today = now();
      return rows.map((r) => toProfileCard(r, cdnPrefix, today));
    },
  };
}

export type TMatchFinderService = ReturnType<typeof createMatchFinderService>;
