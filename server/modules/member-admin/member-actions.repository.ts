import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { TTx } from '#server/db/connect.ts';
import { creditLedger, sessions, users } from '#server/db/schema/index.ts';

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
