import { and, eq, sql } from 'drizzle-orm';
import type { TTx } from '../db/connect.ts';
import { creditLedger, users } from '../db/schema/index.ts';

/** Locks a site's account with that (lowercased) email for a balance change; undefined when there is none. */
export async function lockAccountByEmail(tx: TTx, siteId: number, email: string) {
  const [row] = await tx
    .select({ id: users.id, credits: users.credits, profileId: users.profileId })
    .from(users)
    .where(and(eq(users.siteId, siteId), eq(users.email, email)))
    .for('update');
  return row;
}

/** Changes one account's balance by `delta` and writes its ledger row; returns the new balance. */
export async function changeCredits(
  tx: TTx,
  { userId, delta, reason }: { userId: number; delta: number; reason: string },
): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(eq(users.id, userId))
    .returning({ credits: users.credits });
  await tx.insert(creditLedger).values({ userId, delta, reason });
  return row.credits;
}
