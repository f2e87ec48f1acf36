import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { sessions } from '#server/db/schema/index.ts';

/** A live session as the list in settings needs it (`id` is the stored hash: it never leaves the server). */
export type TSessionRow = {
  id: string;
  userAgent: string | null;
  country: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
};

/**
 * The live sessions of an account, most recently used first; a session begun before last_seen_at existed counts from
 * its start (DESC alone would put its null first).
 */
export async function findLiveSessions(db: TDb, userId: number, now: Date): Promise<TSessionRow[]> {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      country: sessions.country,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`));
}

/**
 * Records that a session was used, unless that was recorded after `seenSince` already: a conditional update, so
 * concurrent requests write it once.
 */
export async function touchSession(
  db: TDb,
  { sessionId, now, seenSince }: { sessionId: string; now: Date; seenSince: Date },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, seenSince))));
}

/** Ends one session of an account (never another account's); whether it existed. */
export async function deleteSessionOf(db: TDb, userId: number, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Ends every session of an account, or every one but `keepSessionId`. */
export async function deleteSessionsOf(db: TDb | TTx, userId: number, keepSessionId: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}
