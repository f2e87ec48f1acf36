import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { accountTokens, discountCodes, profiles, users } from '#server/db/schema/index.ts';

export type TDiscountCodeRow = typeof discountCodes.$inferSelect;

/** Sets an account's password hash. */
export async function setPasswordHash(db: TDb | TTx, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Moves a live (not purged) account to a new, confirmed address; returns its id, or undefined when there is none. */
export async function setConfirmedEmail(db: TDb | TTx, userId: number, email: string): Promise<number | undefined> {
  const [changed] = await db
    .update(users)
    .set({ email, emailConfirmed: true })
    .where(and(eq(users.id, userId), ne(users.status, 'purged')))
    .returning({ id: users.id });
  return changed?.id;
}

/**
 * An account's current address, language and profile name, its row locked until the transaction ends (an address
 * about to change, or an email about to be sent to it).
 */
export async function lockAccountAddress(
  tx: TTx,
  userId: number,
): Promise<{ email: string; locale: string; name: string } | undefined> {
  const [row] = await tx
    .select({ email: users.email, locale: users.locale, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row;
}

/** Uses up every live link of the given kinds of an account (an undone email change kills what the intruder asked for). */
export async function useUpTokensOf(
  tx: TTx,
  { userId, kinds, now }: { userId: number; kinds: readonly string[]; now: Date },
): Promise<void> {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.kind, [...kinds]),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
}

/** Marks an account deleted with its reason and disables its profile (hidden everywhere). */
export async function markAccountDeleted(
  tx: TTx,
  a: { userId: number; profileId: number; deletedAt: Date; reason: string },
): Promise<void> {
  await tx
    .update(users)
    .set({ status: 'deleted', deletedAt: a.deletedAt, deleteReason: a.reason })
    .where(eq(users.id, a.userId));
  await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, a.profileId));
}

/**
 * Restores a deleted account (active when its address was confirmed) and shows its profile again; undefined when the
 * account is not deleted. Conditional on the status, so a purge that runs at the same moment and this restore cannot
 * both win.
 */
export async function restoreDeletedAccount(tx: TTx, userId: number): Promise<number | undefined> {
  const [user] = await tx
    .update(users)
    .set({
      status: sql`case when ${users.emailConfirmed} then 'active' else 'not_confirmed' end`,
      deletedAt: null,
      deleteReason: null,
    })
    .where(and(eq(users.id, userId), eq(users.status, 'deleted')))
    .returning({ id: users.id, profileId: users.profileId, emailConfirmed: users.emailConfirmed });
  if (!user) return undefined;
  await tx
    .update(profiles)
    .set({ status: user.emailConfirmed ? 'active' : 'disabled' })
    .where(eq(profiles.id, user.profileId));
  return user.id;
}

/** A member's retention discount code, if one was created. */
export async function findRetentionCode(db: TDb, userId: number): Promise<TDiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'retention')))
    .limit(1);
  return row;
}

/** Stores a member's retention code; undefined when the code already exists (a parallel claim won). */
export async function insertRetentionCode(
  db: TDb,
  values: { code: string; siteId: number; userId: number; valuePercentage: number; expires: Date },
): Promise<TDiscountCodeRow | undefined> {
  const [row] = await db
    .insert(discountCodes)
    .values({ ...values, kind: 'retention' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** Sets invisible mode on an account and its profile (the member disappears from search and lists). */
export async function setInvisibleMode(
  tx: TTx,
  { userId, profileId, invisible }: { userId: number; profileId: number; invisible: boolean },
): Promise<void> {
  await tx.update(users).set({ invisible }).where(eq(users.id, userId));
  await tx.update(profiles).set({ invisible }).where(eq(profiles.id, profileId));
}
