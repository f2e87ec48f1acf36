import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, type TMemberSearch } from '#common/member-admin.ts';
import type { TDb } from '#server/db/connect.ts';
import { payments, profiles, users } from '#server/db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A search's text as a LIKE pattern matching anywhere (its own % and _ taken literally). */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The condition a search's text puts on `users`: a number is a profile id, a UUID a payment id, text with `@` a part
 * of the email address, other text a part of the email or the profile name. Text goes through the trigram indexes
 * (`users_email_trgm_idx`, `profiles_name_trgm_idx`); the name branch is a union of two indexed lookups rather than
 * one OR across the join, which would read every member.
 */
function textCondition(q: string): SQL {
  if (/^\d{1,9}$/.test(q)) return eq(users.profileId, Number(q));
  if (UUID.test(q)) {
    return inArray(users.id, sql`(select ${payments.userId} from ${payments} where ${payments.id} = ${q})`);
  }
  const pattern = containing(q);
  if (q.includes('@')) return ilike(users.email, pattern);
  return inArray(
    users.id,
    sql`(select id from users where email ilike ${pattern}
        union select u.id from profiles p join users u on u.profile_id = p.id where p.name ilike ${pattern})`,
  );
}

/** The order of a sort, newest or largest first for `desc`, always ending on the id so pages never overlap. */
function ordering(search: Pick<TMemberSearch, 'sort' | 'dir'>): SQL[] {
  const column = {
    signup: users.signupDate,
    last_login: users.lastLoginAt,
    email: users.email,
    credits: users.credits,
  }[search.sort];
  const by = search.dir === 'asc' ? asc : desc;
  return search.sort === 'last_login'
    ? [sql`${column} ${sql.raw(search.dir)} nulls last`, by(users.id)]
    : [by(column), by(users.id)];
}

/** Members matching a console search within the staff member's sites (null: every site): one page and the count. */
export async function searchMembers(db: TDb, search: TMemberSearch, siteIds: number[] | null) {
  const conditions: SQL[] = [];
  if (siteIds) conditions.push(inArray(users.siteId, siteIds.length ? siteIds : [-1]));
  if (search.siteId) conditions.push(eq(users.siteId, search.siteId));
  if (search.status) conditions.push(eq(users.status, search.status));
  if (search.q) conditions.push(textCondition(search.q));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      userId: users.id,
      profileId: users.profileId,
      siteId: users.siteId,
      email: users.email,
      name: profiles.name,
      status: users.status,
      emailConfirmed: users.emailConfirmed,
      credits: users.credits,
      paidUser: users.paidUser,
      invisible: users.invisible,
      signupDate: users.signupDate,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(where)
    .orderBy(...ordering(search))
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  // Counted up to the cap only: past it the list says "more than", and a count never reads 100,000 rows.
  const capped = db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(ADMIN_COUNT_CAP + 1)
    .as('capped');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return { rows, total: Math.min(total, ADMIN_COUNT_CAP), more: total > ADMIN_COUNT_CAP };
}

/** A member row of the console list. */
export type TMemberListRow = Awaited<ReturnType<typeof searchMembers>>['rows'][number];
