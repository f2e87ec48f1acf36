import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { discountCodes, discountRedemptions, users } from '#server/db/schema/index.ts';

/** A discount code row. */
export type TCodeRow = typeof discountCodes.$inferSelect;
/** A new discount code row. */
export type TNewCode = typeof discountCodes.$inferInsert;

/** A code by its text, case-insensitively. */
export async function findCodeByText(db: TDb | TTx, code: string): Promise<TCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(sql`upper(${discountCodes.code})`, code.trim().toUpperCase()))
    .limit(1);
  return row;
}

/** Locks a code's row until the transaction ends (redemptions of a use-limited campaign queue up behind it). */
export async function lockCode(tx: TTx, codeId: number): Promise<void> {
  await tx.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.id, codeId)).for('update');
}

/** Whether the member has redeemed the code before. */
export async function hasRedeemed(db: TDb | TTx, codeId: number, userId: number): Promise<boolean> {
  const [used] = await db
    .select({ id: discountRedemptions.discountCodeId })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.discountCodeId, codeId), eq(discountRedemptions.userId, userId)))
    .limit(1);
  return !!used;
}

/** Redeems a code for a payment; answers false when the member redeemed it already (also concurrently). */
export async function insertRedemption(
  tx: TTx,
  redemption: { discountCodeId: number; userId: number; paymentId: string },
): Promise<boolean> {
  const [redeemed] = await tx.insert(discountRedemptions).values(redemption).onConflictDoNothing().returning();
  return !!redeemed;
}

/** Gives a payment's code back (the payment ended without money). */
export async function releaseRedemption(tx: TDb | TTx, paymentId: string) {
  await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId));
}

/** Marks a personal code used; a code for everyone (no member) stays as it is. */
export async function markPersonalCodeUsed(tx: TTx, codeId: number, now: Date) {
  await tx
    .update(discountCodes)
    .set({ status: 'used', usedAt: now })
    .where(and(eq(discountCodes.id, codeId), sql`${discountCodes.userId} is not null`));
}

/** Whether the member is a paid member, and when they signed up. */
export async function findSignup(db: TDb, userId: number) {
  const [user] = await db
    .select({ paid: users.paidUser, signup: users.signupDate })
    .from(users)
    .where(eq(users.id, userId));
  return user as { paid: boolean; signup: Date } | undefined;
}

/** Inserts a code unless it conflicts (one welcome code per member). */
export async function insertCodeOnce(db: TDb, code: TNewCode) {
  await db.insert(discountCodes).values(code).onConflictDoNothing();
}

/** The member's welcome code (call after inserting it). */
export async function findWelcomeCode(db: TDb, userId: number): Promise<TCodeRow> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'welcome')));
  return row;
}

/** The member's own active, unexpired codes of the given kinds (welcome, retention), for the best one to apply. */
export async function findPersonalCodes(
  db: TDb,
  { userId, kinds, now }: { userId: number; kinds: string[]; now: Date },
): Promise<TCodeRow[]> {
  return db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.userId, userId),
        inArray(discountCodes.kind, kinds),
        eq(discountCodes.status, 'active'),
        gt(discountCodes.expires, now),
      ),
    );
}
