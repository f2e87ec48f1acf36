import { and, count, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import type { TDb } from '../../db/connect.ts';
import { accountTokens, loginAttempts, photos, profiles, sessions, users } from '../../db/schema/index.ts';

export type TUserRow = typeof users.$inferSelect;
export type TUserWithProfile = TUserRow & {
  profile: typeof profiles.$inferSelect;
  fileKey: string | null;
};

/** Finds a site's account by (lowercased) email. */
export async function findUserByEmail(db: TDb, siteId: number, email: string): Promise<TUserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .limit(1);
  return row;
}

/** Loads an account with its profile and main photo. */
export async function findUserWithProfile(db: TDb, userId: number): Promise<TUserWithProfile | undefined> {
  const [row] = await db
    .select({ user: users, profile: profiles, fileKey: photos.fileKey })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { ...row.user, profile: row.profile, fileKey: row.fileKey } : undefined;
}

/** The account (with its profile) of a live session, by the token's hash: one query on every request. */
export async function findSessionUser(db: TDb, sessionId: string, now: Date): Promise<TUserWithProfile | undefined> {
  const [row] = await db
    .select({ user: users, profile: profiles, fileKey: photos.fileKey })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), sql`${users.status} <> 'purged'`))
    .limit(1);
  return row ? { ...row.user, profile: row.profile, fileKey: row.fileKey } : undefined;
}

/** Stores a session. */
export async function insertSession(
  db: TDb,
  values: { id: string; userId: number; expiresAt: Date; createdAt: Date; userAgent: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Ends one session. */
export async function deleteSession(db: TDb, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Records a login attempt. */
export async function insertLoginAttempt(
  db: TDb,
  values: { siteId: number; email: string; ip: string; success: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(loginAttempts).values(values);
}

/** Failed attempts since a time, for an account or an IP, with the newest failure time. */
export async function countFailures(
  db: TDb,
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
export async function lastSuccess(db: TDb, siteId: number, email: string, since: Date): Promise<Date | null> {
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

/** Stores a single-use token. */
export async function insertToken(
  db: TDb,
  values: {
    userId: number;
    kind: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
    data?: Record<string, string>;
  },
): Promise<void> {
  await db.insert(accountTokens).values(values);
}

/** Marks a live token of a kind used, returning it; a used or expired token yields nothing (single use). */
export async function consumeToken(db: TDb, kind: string, tokenHash: string, now: Date) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.kind, kind),
        eq(accountTokens.tokenHash, tokenHash),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Number of tokens of a kind an account was sent since a time. */
export async function countTokensSince(db: TDb, userId: number, kind: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), gte(accountTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** Deletes expired sessions (housekeeping). */
export async function deleteExpiredSessions(db: TDb, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
