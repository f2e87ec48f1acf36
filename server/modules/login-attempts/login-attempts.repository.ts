import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { loginAttempts } from '#server/db/schema/index.ts';

// Login attempts for the lockout of member logins and console (staff) logins alike: below both modules.

/**
 * Counts an account's and an IP's recent failures and, unless either is at its limit, records this attempt as a failure
 * before the password is verified. Both steps run under transaction-scoped advisory locks on the account and on the IP
 * (always taken in that order), so parallel guesses are counted one after another: at most `accountLimit` guesses per
 * window are ever verified, however many arrive at once. A correct password then marks its row (`markLoginSucceeded`).
 */
export async function reserveLoginAttempt(
  db: TDb,
  a: { siteId: number; email: string; ip: string; now: Date; windowStart: Date; accountLimit: number; ipLimit: number },
): Promise<{ blockedSince: Date } | { attemptId: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${a.siteId}:${a.email}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login-ip:${a.ip}`}, 0))`);
    const ipFailures = await countFailures(tx, { ip: a.ip }, a.windowStart);
    if (ipFailures.n >= a.ipLimit && ipFailures.last) return { blockedSince: ipFailures.last };
    const success = await lastSuccess(tx, { siteId: a.siteId, email: a.email, since: a.windowStart });
    const accountFailures = await countFailures(tx, { siteId: a.siteId, email: a.email }, success ?? a.windowStart);
    if (accountFailures.n >= a.accountLimit && accountFailures.last) return { blockedSince: accountFailures.last };
    const [row] = await tx
      .insert(loginAttempts)
      .values({ siteId: a.siteId, email: a.email, ip: a.ip, success: false, createdAt: a.now })
      .returning({ id: loginAttempts.id });
    return { attemptId: row.id };
  });
}

/** Marks a reserved login attempt as the success it turned out to be (a success resets the account's count). */
export async function markLoginSucceeded(db: TDb, attemptId: number): Promise<void> {
  await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, attemptId));
}

/** Failed attempts since a time, for an account or an IP, with the newest failure time. */
export async function countFailures(
  db: TDb | TTx,
  by: { siteId: number; email: string } | { ip: string },
  since: Date,
): Promise<{ n: number; last: Date | null }> {
  const where =
    'ip' in by
      ? and(eq(loginAttempts.ip, by.ip), gte(loginAttempts.createdAt, since), eq(loginAttempts.success, false))
      : and(
          eq(loginAttempts.siteId, by.siteId),
          eq(loginAttempts.email, by.email),
          gte(loginAttempts.createdAt, since),
          eq(loginAttempts.success, false),
        );
  const [row] = await db
    .select({ n: count(), last: sql<string | null>`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(where);
  return { n: row?.n ?? 0, last: row?.last ? new Date(row.last) : null };
}

/** Newest success of an account since a time (a success resets the failure count). */
export async function lastSuccess(
  db: TDb | TTx,
  { siteId, email, since }: { siteId: number; email: string; since: Date },
): Promise<Date | null> {
  const [row] = await db
    .select({ last: sql<string | null>`max(${loginAttempts.createdAt})` })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.siteId, siteId),
        eq(loginAttempts.email, email),
        gte(loginAttempts.createdAt, since),
        eq(loginAttempts.success, true),
      ),
    );
  return row?.last ? new Date(row.last) : null;
}
