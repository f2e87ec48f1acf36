import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { hostInbox, photos, profiles, users } from '#server/db/schema/index.ts';

export type TFictionalRow = typeof profiles.$inferSelect;

/** Fictional profiles of the given sites (null: every site, the shared ones included). */
function ofSites(siteIds: number[] | null): SQL | undefined {
  if (siteIds === null) return undefined;
  return siteIds.length ? inArray(profiles.siteId, siteIds) : sql`false`;
}

/** A page of fictional profiles by name, with their main photo and how many conversations wait for them. */
export async function findFictionalPage(
  db: TDb,
  filter: { siteIds: number[] | null; q?: string; limit: number; offset: number },
) {
  const where = and(
    eq(profiles.isFictional, true),
    ofSites(filter.siteIds),
    filter.q ? ilike(profiles.name, `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const rows = await db
    .select({
      id: profiles.id,
      siteId: profiles.siteId,
      name: profiles.name,
      birthDate: profiles.birthDate,
      gender: profiles.gender,
      city: profiles.city,
      country: profiles.country,
      invisible: profiles.invisible,
      fileKey: photos.fileKey,
      waiting: sql<number>`(select count(*)::int from ${hostInbox} hi where hi.fictional_profile_id = ${profiles.id})`,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(where)
    .orderBy(asc(profiles.name), asc(profiles.id))
    .limit(filter.limit)
    .offset(filter.offset);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(profiles)
    .where(where);
  return { rows, total: n };
}

/**
 * Whose a profile is, for the access check: whether it is fictional and its site (a fictional profile's own, or
 * the member's account's); undefined when there is no such profile.
 */
export async function findProfileOwner(db: TDb, profileId: number) {
  const [row] = await db
    .select({
      isFictional: profiles.isFictional,
      siteId: sql<number | null>`coalesce(${profiles.siteId}, ${users.siteId})`,
    })
    .from(profiles)
    .leftJoin(users, eq(users.profileId, profiles.id))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** A fictional profile's row. */
export async function findFictional(db: TDb | TTx, profileId: number): Promise<TFictionalRow | undefined> {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, profileId), eq(profiles.isFictional, true)))
    .limit(1);
  return row;
}

/** Creates a fictional profile; returns its id. */
export async function insertFictional(
  tx: TTx,
  values: Omit<typeof profiles.$inferInsert, 'isFictional'>,
): Promise<number> {
  const [row] = await tx
    .insert(profiles)
    .values({ ...values, isFictional: true })
    .returning({ id: profiles.id });
  return row.id;
}

/** Changes a fictional profile (never a member's: the row must be fictional). */
export async function updateFictional(
  tx: TTx,
  profileId: number,
  values: Partial<typeof profiles.$inferInsert>,
): Promise<void> {
  await tx
    .update(profiles)
    .set(values)
    .where(and(eq(profiles.id, profileId), eq(profiles.isFictional, true)));
}
