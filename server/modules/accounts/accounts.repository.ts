import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { errorChain } from '#server/lib/error-chain.ts';
import { accountTokens, creditLedger, photos, profiles, sessions, sites, users } from '#server/db/schema/index.ts';

export type TUserRow = typeof users.$inferSelect;
export type TUserWithProfile = TUserRow & {
  profile: typeof profiles.$inferSelect;
  fileKey: string | null;
};

/** An account as a session sees it: with its profile and its site's `fictional_icon` setting. */
export type TSessionUser = TUserWithProfile & { fictionalIcon: boolean };

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

/**
 * The account (with its profile) of a live session, by the token's hash, and when the session was last seen: one
 * query on every request.
 */
export async function findSessionUser(
  db: TDb,
  sessionId: string,
  now: Date,
): Promise<(TSessionUser & { sessionSeenAt: Date | null }) | undefined> {
  const [row] = await db
    .select({
      user: users,
      profile: profiles,
      fileKey: photos.fileKey,
      seenAt: sessions.lastSeenAt,
      fictionalIcon: sites.fictionalIcon,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now), sql`${users.status} <> 'purged'`))
    .limit(1);
  if (!row) return undefined;
  const { user, profile, fileKey, seenAt, fictionalIcon } = row;
  return { ...user, profile, fileKey, fictionalIcon, sessionSeenAt: seenAt };
}

/** Stores a session. */
export async function insertSession(
  db: TDb,
  values: Pick<typeof sessions.$inferInsert, 'id' | 'userId' | 'expiresAt' | 'createdAt' | 'userAgent'> &
    Pick<typeof sessions.$inferInsert, 'lastSeenAt' | 'ipPrefix' | 'country'>,
): Promise<void> {
  await db.insert(sessions).values(values);
}

/** Ends one session; returns its account, or undefined when there was no such session. */
export async function deleteSession(db: TDb | TTx, sessionId: string): Promise<number | undefined> {
  const [row] = await db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
  return row?.userId;
}

// Session rows belong to the sessions module; account changes end sessions through it.
export { deleteSessionsOf } from '../sessions/sessions.repository.ts';

/** Whether a database error is a unique violation (SQLSTATE 23505; Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (const e of errorChain(err, 3)) if (e.code === '23505') return true;
  return false;
}

export {
  countFailures,
  lastSuccess,
  markLoginSucceeded,
  reserveLoginAttempt,
} from '../login-attempts/login-attempts.repository.ts';

/** Stores a single-use token. */
export async function insertToken(
  db: TDb | TTx,
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

/** A token of a kind with this hash that is neither used nor expired. */
const liveToken = (kind: string, tokenHash: string, now: Date) =>
  and(
    eq(accountTokens.kind, kind),
    eq(accountTokens.tokenHash, tokenHash),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, now),
  );

/** A single-use token looked up by its kind and hash, live at `now`. */
export type TTokenLookup = { kind: string; tokenHash: string; now: Date };

/** Marks a live token of a kind used, returning it; a used or expired token yields nothing (single use). */
export async function consumeToken(db: TDb | TTx, { kind, tokenHash, now }: TTokenLookup) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(liveToken(kind, tokenHash, now))
    .returning();
  return row;
}

/** A live (unused, unexpired) token of a kind, without using it up. */
export async function findLiveToken(db: TDb, { kind, tokenHash, now }: TTokenLookup) {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(liveToken(kind, tokenHash, now))
    .limit(1);
  return row;
}

/** Whether a used token of a kind belongs to an account whose address is confirmed (a second click on its link). */
export async function isUsedTokenOfConfirmedAccount(db: TDb, { kind, tokenHash }: Omit<TTokenLookup, 'now'>) {
  const [row] = await db
    .select({ id: users.id })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(
      and(
        eq(accountTokens.kind, kind),
        eq(accountTokens.tokenHash, tokenHash),
        isNotNull(accountTokens.usedAt),
        eq(users.emailConfirmed, true),
        eq(users.status, 'active'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Records that a member went through (or skipped) the welcome steps; the first time only. */
export async function markOnboarded(db: TDb, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ onboardedAt: now })
    .where(and(eq(users.id, userId), isNull(users.onboardedAt)));
}

/** Deletes expired sessions (housekeeping). */
export async function deleteExpiredSessions(db: TDb, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Stores a new member's profile and account; returns their ids. */
export async function insertMember(
  tx: TTx,
  profile: Omit<typeof profiles.$inferInsert, 'id'>,
  user: Omit<typeof users.$inferInsert, 'id' | 'profileId'>,
): Promise<{ profileId: number; userId: number }> {
  const [p] = await tx.insert(profiles).values(profile).returning({ id: profiles.id });
  const [u] = await tx
    .insert(users)
    .values({ ...user, profileId: p.id })
    .returning({ id: users.id });
  return { profileId: p.id, userId: u.id };
}

/** Writes one row of the append-only credit ledger (ARCHITECTURE §4), in the transaction that changes the balance. */
export async function insertLedgerRow(
  tx: TTx,
  row: { userId: number; delta: number; reason: string; ref?: string },
): Promise<void> {
  await tx.insert(creditLedger).values(row);
}

/** Marks an account's address confirmed with its new status and makes its profile active. */
export async function confirmAccount(
  tx: TTx,
  a: { userId: number; profileId: number; status: TUserRow['status'] },
): Promise<void> {
  await tx
    .update(users)
    .set({ emailConfirmed: true, status: a.status, activatedAt: sql`coalesce(${users.activatedAt}, now())` })
    .where(eq(users.id, a.userId));
  await tx.update(profiles).set({ status: 'active' }).where(eq(profiles.id, a.profileId));
}

/** Records when an account last logged in. */
export async function setLastLogin(db: TDb, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

/** Stores an account's interface language. */
export async function setUserLocale(db: TDb, userId: number, locale: string): Promise<void> {
  await db.update(users).set({ locale }).where(eq(users.id, userId));
}
