import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { paymentCustomers, paymentMandates, profiles, users } from '#server/db/schema/index.ts';

/** A stored mandate row (a card or a SEPA mandate). */
export type TMandateRow = typeof paymentMandates.$inferSelect;
/** A mandate to keep: what the provider created, for a member, at a provider. */
export type TNewMandate = typeof paymentMandates.$inferInsert;

/** Keeps a mandate; the same mandate twice is kept once (then answers undefined). */
export async function insertMandate(tx: TDb | TTx, mandate: TNewMandate) {
  const [row] = await tx.insert(paymentMandates).values(mandate).onConflictDoNothing().returning();
  return row as TMandateRow | undefined;
}

/** The member's customer id at a provider, if one is stored. */
export async function findCustomerId(db: TDb, userId: number, provider: string): Promise<string | undefined> {
  const [known] = await db
    .select()
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
    .limit(1);
  return known?.customerId;
}

/** Stores the member's customer id at a provider unless one is stored already (the first wins). */
export async function insertCustomer(db: TDb, customer: { userId: number; provider: string; customerId: string }) {
  await db.insert(paymentCustomers).values(customer).onConflictDoNothing();
}

/** The member's email and profile name (what a provider's customer record carries). */
export async function findCustomerContact(db: TDb, userId: number) {
  const [member] = await db
    .select({ email: users.email, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId));
  return member;
}

/** The member's newest stored card at a provider that is not revoked. */
export async function findStoredCard(db: TDb, userId: number, provider: string): Promise<TMandateRow | undefined> {
  const [card] = await db
    .select()
    .from(paymentMandates)
    .where(
      and(
        eq(paymentMandates.userId, userId),
        eq(paymentMandates.provider, provider),
        eq(paymentMandates.method, 'creditcard'),
        isNull(paymentMandates.revokedAt),
      ),
    )
    .orderBy(desc(paymentMandates.id))
    .limit(1);
  return card;
}

/** Revokes one of the member's stored cards; answers it, or undefined when it is not theirs. */
export async function revokeCard(db: TDb, { userId, cardId, now }: { userId: number; cardId: number; now: Date }) {
  const [row] = await db
    .update(paymentMandates)
    .set({ revokedAt: now })
    .where(
      and(eq(paymentMandates.id, cardId), eq(paymentMandates.userId, userId), eq(paymentMandates.method, 'creditcard')),
    )
    .returning();
  return row as TMandateRow | undefined;
}
