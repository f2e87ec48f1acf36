import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { TTx } from '#server/db/connect.ts';
import { creditLedger, profiles, sessions, users } from '#server/db/schema/index.ts';

/** Locks the account row; answers what staff actions read and change, or undefined. */
export async function lockMember(tx: TTx, userId: number) {
  const [row] = await tx
    .select({
      userId: users.id,
      siteId: users.siteId,
      profileId: users.profileId,
      status: users.status,
      emailConfirmed: users.emailConfirmed,
      credits: users.credits,
      directDebitBlocked: users.directDebitBlocked,
      invisible: users.invisible,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
/** A locked account as staff actions see it. */
export type TLockedMember = NonNullable<Awaited<ReturnType<typeof lockMember>>>;

/**
 * Changes a member's balance by `delta` with its ledger row (reason `adjustment`, ref naming the staff member), never
 * below zero; answers the new balance and profile id, or undefined when it would go negative.
 */
export async function adjustCredits(tx: TTx, change: { userId: number; delta: number; staffId: number; now: Date }) {
  const [after] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}` })
    .where(and(eq(users.id, change.userId), sql`${users.credits} + ${change.delta} >= 0`))
    .returning({ credits: users.credits, profileId: users.profileId });
  if (!after) return undefined;
  await tx.insert(creditLedger).values({
    userId: change.userId,
    delta: change.delta,
    reason: 'adjustment',
    ref: `staff:${change.staffId}`,
    createdAt: change.now,
  });
  return after;
}

/** Offers direct debit to the member again (support lifted the block). */
export async function liftDirectDebitBlock(tx: TTx, userId: number) {
  await tx.update(users).set({ directDebitBlocked: false }).where(eq(users.id, userId));
}

/** How many live sessions the member has. */
export async function countLiveSessions(tx: TTx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)));
  return row.n;
}

/**
 * Lists a profile that a report decision hid (`hidden`) again: only while the account is live and under no ban or
 * suspension, which keep their own profile status. True when it was hidden and is now active.
 */
export async function showHiddenProfile(tx: TTx, m: { userId: number; profileId: number; now: Date }) {
  const live = sql`exists (select 1 from ${users} u where u.id = ${m.userId}
    and u.status not in ('deleted', 'purged') and u.banned_at is null
    and (u.suspended_until is null or u.suspended_until <= ${m.now}))`;
  const rows = await tx
    .update(profiles)
    .set({ status: 'active' })
    .where(and(eq(profiles.id, m.profileId), eq(profiles.status, 'hidden'), live))
    .returning({ id: profiles.id });
  return rows.length > 0;
}
