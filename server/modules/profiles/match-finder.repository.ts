import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/connect.ts';
import { photos, profiles } from '../../db/schema/index.ts';
import { notBlockedWith } from './blocks.service.ts';
import { CARD_COLUMNS, type TCardRow } from './profiles.repository.ts';

/** What the match finder knows of the viewer: who they look for and where they live. */
export interface TMatchSeeker {
  profileId: number;
  genders: string[];
  country: string;
  regionCode: string;
  birthDate: string;
  interests: string[];
}

/**
 * Visible members with a photo of the genders the viewer looks for, ranked: same region, then same country, then
 * most interests in common, then closest in age (spec §2 match-finder and signup-matches).
 */
export async function findMatches(db: TDb, me: TMatchSeeker, limit: number, offset: number): Promise<TCardRow[]> {
  // Interests in common; left out when the viewer has none (a constant would be read as a column number).
  const shared = me.interests.length
    ? [
        desc(
          sql`cardinality(array(select unnest(${profiles.interests}) intersect select unnest(array[${sql.join(
            me.interests.map((i) => sql`${i}`),
            sql`, `,
          )}]::text[])))`,
        ),
      ]
    : [];
  return db
    .select(CARD_COLUMNS)
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        eq(profiles.status, 'active'),
        eq(profiles.invisible, false),
        sql`${profiles.id} <> ${me.profileId}`,
        notBlockedWith(me.profileId),
        inArray(profiles.gender, me.genders),
      ),
    )
    .orderBy(
      sql`(${profiles.country} = ${me.country} and ${profiles.regionCode} = ${me.regionCode}) desc`,
      sql`(${profiles.country} = ${me.country}) desc`,
      ...shared,
      sql`abs(${profiles.birthDate} - ${me.birthDate}::date)`,
      desc(profiles.id),
    )
    .limit(limit)
    .offset(offset);
}
