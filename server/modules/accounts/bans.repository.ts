import { and, eq, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { bannedEmails, bannedSessions, profiles, sessions, users } from '#server/db/schema/index.ts';

/** What a ban or suspension needs of the account, read under its row lock. */
export type TBanTarget = {
  id: number;
  siteId: number;
  profileId: number;
  email: string;
  locale: string;
  status: string;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
  banReason: string | null;
  name: string;
};

/** Locks an account row for a moderation change and reads what the change needs; undefined when there is none. */
export async function lockBanTarget(tx: TTx, userId: number): Promise<TBanTarget | undefined> {
  const [row] = await tx
    .select({
      id: users.id,
      siteId: users.siteId,
      profileId: users.profileId,
      email: users.email,
      locale: users.locale,
      status: users.status,
      bannedAt: users.bannedAt,
      suspendedUntil: users.suspendedUntil,
      banReason: users.banReason,
      name: profiles.name,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .for('update', { of: users })
    .limit(1);
  return row;
}

/** The site of an account (for the staff member's site check); undefined when there is none. */
export async function findUserSite(db: TDb, userId: number): Promise<number | undefined> {
  const [row] = await db.select({ siteId: users.siteId }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.siteId;
}

/** The account of a profile (none for a fictional profile). */
export async function findUserIdOfProfile(db: TDb | TTx, profileId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.profileId, profileId)).limit(1);
  return row?.id;
}

/**
 * Bans (`until` null) or suspends an account: the account is marked, its profile leaves every list (status `banned`
 * or `suspended`, which `listedProfile` does not list), and every session moves to `banned_sessions`, so the next
 * request of each of those browsers is shown the access-ban page.
 */
export async function markBanned(
  tx: TTx,
  target: { userId: number; profileId: number },
  ban: { at: Date; until: Date | null; reason: string },
): Promise<void> {
  const { userId, profileId } = target;
  await tx
    .update(users)
    .set(
      ban.until
        ? { suspendedUntil: ban.until, banReason: ban.reason }
        : { bannedAt: ban.at, suspendedUntil: null, banReason: ban.reason },
    )
    .where(eq(users.id, userId));
  await tx
    .update(profiles)
    .set({ status: ban.until ? 'suspended' : 'banned' })
    .where(and(eq(profiles.id, profileId), eq(profiles.status, 'active')));
  await tx.execute(
    sql`insert into ${bannedSessions} (session_id, user_id, expires_at)
        select ${sessions.id}, ${sessions.userId}, ${sessions.expiresAt} from ${sessions} where ${sessions.userId} = ${userId}
        on conflict do nothing`,
  );
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** Lifts a ban or suspension: the account may log in again and its profile is listed again (unless deleted). */
export async function clearBan(tx: TDb | TTx, target: { userId: number; profileId: number }): Promise<void> {
  await tx
    .update(users)
    .set({ bannedAt: null, suspendedUntil: null, banReason: null })
    .where(eq(users.id, target.userId));
  await tx
    .update(profiles)
    .set({ status: 'active' })
    .where(
      and(
        eq(profiles.id, target.profileId),
        sql`${profiles.status} in ('banned', 'suspended')`,
        sql`exists (select 1 from ${users} u where u.id = ${target.userId} and u.status not in ('deleted', 'purged'))`,
      ),
    );
}

/** Ends a suspension whose date passed (at the member's next login): true when there was one to end. */
export async function endPastSuspension(db: TDb, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ profileId: users.profileId })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.suspendedUntil), lte(users.suspendedUntil, now)))
      .for('update')
      .limit(1);
    if (!row) return false;
    await clearBan(tx, { userId, profileId: row.profileId });
    return true;
  });
}

/** Keeps an address from signing up again on a site. */
export async function insertBannedEmail(
  tx: TTx,
  row: { siteId: number; email: string; reason: string; staffId: number | null; at: Date },
): Promise<void> {
  await tx.insert(bannedEmails).values(row).onConflictDoNothing();
}

/** Lets an address sign up again on a site. */
export async function deleteBannedEmail(tx: TDb | TTx, siteId: number, email: string): Promise<void> {
  await tx.delete(bannedEmails).where(and(eq(bannedEmails.siteId, siteId), eq(bannedEmails.email, email)));
}

/** True when the address may not sign up on the site. */
export async function isEmailBanned(db: TDb | TTx, siteId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ email: bannedEmails.email })
    .from(bannedEmails)
    .where(and(eq(bannedEmails.siteId, siteId), eq(bannedEmails.email, email)))
    .limit(1);
  return Boolean(row);
}

/** The ban or suspension state of an account. */
export async function findAccessBan(
  db: TDb | TTx,
  userId: number,
): Promise<{ bannedAt: Date | null; suspendedUntil: Date | null } | undefined> {
  const [row] = await db
    .select({ bannedAt: users.bannedAt, suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Takes a session a ban ended (its first request after the ban): true when it was one. */
export async function takeBannedSession(db: TDb, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .delete(bannedSessions)
    .where(and(eq(bannedSessions.sessionId, sessionId), gt(bannedSessions.expiresAt, now)))
    .returning({ id: bannedSessions.sessionId });
  return rows.length > 0;
}

/** True when a session was ended by a ban and has not been shown the access-ban page yet. */
export async function isBannedSession(db: TDb, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: bannedSessions.sessionId })
    .from(bannedSessions)
    .where(and(eq(bannedSessions.sessionId, sessionId), gt(bannedSessions.expiresAt, now)))
    .limit(1);
  return Boolean(row);
}
