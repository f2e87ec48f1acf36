import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import { photos, profiles } from '#server/db/schema/index.ts';
import { listedFor } from '#server/db/visibility.ts';
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

/** A page of matches for a viewer. */
type TMatchPage = { me: TMatchSeeker; limit: number; offset: number };

/** Visible members of the genders the viewer looks for, in the viewer's country or in the others. */
function candidates(me: TMatchSeeker, inCountry: boolean) {
  return and(
    listedFor(me.profileId),
    sql`${profiles.id} <> ${me.profileId}`,
    inArray(profiles.gender, me.genders),
    inCountry ? eq(profiles.country, me.country) : ne(profiles.country, me.country),
  );
}

/**
 * Visible members with a photo of the genders the viewer looks for, ranked: same region, then most interests in
 * common, then closest in age (spec §2 match-finder and signup-matches). `inCountry` picks the viewer's own country
 * (served by profiles_search_idx) or every other country, so no query ranks the whole table.
 */
export async function findMatches(
  db: TDb,
  { me, limit, offset, inCountry = true }: TMatchPage & { inCountry?: boolean },
): Promise<TCardRow[]> {
  // Interests in common, as a sum of containment tests (cheap per row, unlike an array intersection); left out
  // when the viewer has none (a constant would be read as a column number).
  const shared = me.interests.length
    ? [
        desc(
          sql.join(
            me.interests.map((i) => sql`(${profiles.interests} @> array[${i}]::text[])::int`),
            sql` + `,
          ),
        ),
      ]
    : [];
  // The main photo is looked up per candidate (a lateral join over its unique index), never by joining every photo.
  const mainPhoto = db
    .select({ fileKey: photos.fileKey, width: photos.width, height: photos.height, variants: photos.variants })
    .from(photos)
    .where(and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    // The limit keeps the planner from flattening this into a join over every photo.
    .limit(1)
    .as('main_photo');
  return db
    .select({
      ...CARD_COLUMNS,
      fileKey: mainPhoto.fileKey,
      photoWidth: mainPhoto.width,
      photoHeight: mainPhoto.height,
      photoVariants: mainPhoto.variants,
    })
    .from(profiles)
    .innerJoinLateral(mainPhoto, sql`true`)
    .where(candidates(me, inCountry))
    .orderBy(
      sql`(${profiles.regionCode} = ${me.regionCode}) desc`,
      ...shared,
      sql`abs(${profiles.birthDate} - ${me.birthDate}::date)`,
      desc(profiles.id),
    )
    .limit(limit)
    .offset(offset);
}

/** Matches in the viewer's country first, then in the other countries, paged as one list. */
export async function findMatchesNearFirst(db: TDb, { me, limit, offset }: TMatchPage) {
  const near = await findMatches(db, { me, limit, offset });
  if (near.length >= limit) return near;
  // This page passes the end of the viewer's country: how many matches it holds decides where the rest begins.
  const nearTotal = near.length > 0 || offset === 0 ? offset + near.length : await countMatchesWithPhoto(db, me, true);
  const rest = { me, limit: limit - near.length, offset: Math.max(0, offset - nearTotal), inCountry: false };
  return [...near, ...(await findMatches(db, rest))];
}

/** How many matches with a main photo there are in the viewer's country (or in the others). */
async function countMatchesWithPhoto(db: TDb, me: TMatchSeeker, inCountry: boolean): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(candidates(me, inCountry));
  return row?.n ?? 0;
}
