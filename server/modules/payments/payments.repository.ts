import { and, asc, desc, eq, gt, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import {
  creditLedger,
  creditPackages,
  discountRedemptions,
  paymentReports,
  payments,
  sites,
  users,
} from '#server/db/schema/index.ts';

/** A payment by our id. */
export async function findPayment(db: TDb, paymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return row;
}

/**
 * Ends a payment that is still open or pending as expired, and gives its discount code back, in one transaction
 * (the conditional update locks the row, so a report applied meanwhile wins). Answers the row when it expired.
 */
export async function expireUnfinished(db: TDb, paymentId: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(payments)
      .set({ status: 'expired', updatedAt: now })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, ['open', 'pending'])))
      .returning();
    if (row) await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, paymentId));
    return row;
  });
}

/** A payment row. */
export type TPaymentRow = typeof payments.$inferSelect;
/** A credit bundle row. */
export type TPackageRow = typeof creditPackages.$inferSelect;
/** A new payment row. */
export type TNewPayment = typeof payments.$inferInsert;

/** Locks our payment for a provider's payment id (applying a report). */
export async function lockPaymentByProviderId(tx: TTx, provider: string, providerPaymentId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)))
    .for('update');
  return row as TPaymentRow | undefined;
}

/** Links our payment (by id) to the provider's id, unless it is linked already; answers the row when it linked. */
export async function linkProviderPayment(
  tx: TTx,
  link: { paymentId: string; provider: string; providerPaymentId: string },
  now: Date,
) {
  const [row] = await tx
    .update(payments)
    .set({ providerPaymentId: link.providerPaymentId, updatedAt: now })
    .where(
      and(eq(payments.id, link.paymentId), eq(payments.provider, link.provider), isNull(payments.providerPaymentId)),
    )
    .returning();
  return row as TPaymentRow | undefined;
}

/** Sets a payment's status (paid also stamps paidAt); answers the updated row. */
export async function setPaymentStatus(
  tx: TDb | TTx,
  { paymentId, status, now }: { paymentId: string; status: string; now: Date },
) {
  const [row] = await tx
    .update(payments)
    .set(status === 'paid' ? { status, paidAt: now, updatedAt: now } : { status, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .returning();
  return row;
}

/** Grants a paid payment's credits and premium, with its ledger row; answers the new balance. */
export async function creditPurchase(tx: TTx, payment: TPaymentRow) {
  const [account] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${payment.credits}`, paidUser: true })
    .where(eq(users.id, payment.userId))
    .returning({ credits: users.credits, profileId: users.profileId });
  await tx
    .insert(creditLedger)
    .values({ userId: payment.userId, delta: payment.credits, reason: 'purchase', ref: `payment:${payment.id}` });
  return account;
}

/** How many paid payments the member has. */
export async function countPaidPayments(tx: TTx, userId: number): Promise<number> {
  const [{ paid }] = await tx
    .select({ paid: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')));
  return paid;
}

/** Locks the member's balance row; answers the credits. */
export async function lockCredits(tx: TTx, userId: number): Promise<number> {
  const [{ credits }] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return credits;
}

/**
 * Takes `taken` credits back for a payment (ledger row when any were taken) and sets premium; answers the new
 * balance.
 */
export async function takeBackCredits(
  tx: TTx,
  payment: TPaymentRow,
  change: { taken: number; paidUser: boolean; reason: 'refund' | 'chargeback' },
) {
  const [after] = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${change.taken}`, paidUser: change.paidUser })
    .where(eq(users.id, payment.userId))
    .returning({ credits: users.credits, profileId: users.profileId });
  if (change.taken > 0) {
    await tx
      .insert(creditLedger)
      .values({ userId: payment.userId, delta: -change.taken, reason: change.reason, ref: `payment:${payment.id}` });
  }
  return after;
}

/** Records the provider's id of a payment; only an open payment becomes pending (a report may have moved it on). */
export async function recordProviderPayment(
  db: TDb,
  { paymentId, providerPaymentId, now }: { paymentId: string; providerPaymentId: string; now: Date },
) {
  await db
    .update(payments)
    .set({
      providerPaymentId,
      status: sql`case when ${payments.status} = 'open' then 'pending' else ${payments.status} end`,
      updatedAt: now,
    })
    .where(eq(payments.id, paymentId));
}

/** One of the site's active bundles in the member's country. */
export async function findActivePackage(
  db: TDb | TTx,
  member: { siteId: number; country: string },
  packageId: number,
): Promise<TPackageRow | undefined> {
  const [pack] = await db
    .select()
    .from(creditPackages)
    .where(
      and(
        eq(creditPackages.id, packageId),
        eq(creditPackages.siteId, member.siteId),
        eq(creditPackages.country, member.country),
        eq(creditPackages.active, true),
      ),
    )
    .limit(1);
  return pack;
}

/** The active bundles of a site in a country, in display order. */
export function listActivePackages(db: TDb, siteId: number, country: string) {
  return db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.siteId, siteId), eq(creditPackages.country, country), eq(creditPackages.active, true)))
    .orderBy(asc(creditPackages.position));
}

/** Inserts a payment; answers the row. */
export async function insertPayment(tx: TDb | TTx, values: TNewPayment): Promise<TPaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}

/** Locks the member row (orders concurrent requests of one member). */
export async function lockMember(tx: TTx, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** A repeat order of this bundle by the member, by card, not failed, created after `since`. */
export async function findRecentRepeatOrder(tx: TTx, order: { userId: number; packageId: number; since: Date }) {
  const [recent] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, order.userId),
        eq(payments.packageId, order.packageId),
        eq(payments.sequence, 'recurring'),
        eq(payments.method, 'creditcard'),
        inArray(payments.status, ['open', 'pending', 'paid']),
        gt(payments.createdAt, order.since),
      ),
    )
    .limit(1);
  return recent as TPaymentRow | undefined;
}

/** One of the member's payments. */
export async function findMemberPayment(db: TDb, userId: number, paymentId: string) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
    .limit(1);
  return row as TPaymentRow | undefined;
}

/** The member's payments, newest first (at most 100). */
export function listMemberPayments(db: TDb, userId: number) {
  return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(100);
}

/** Locks a payment by our id. */
export async function lockPayment(tx: TTx, paymentId: string) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row as TPaymentRow | undefined;
}

/** Locks the member's balance row; answers the credits and the site's refund window in days. */
export async function lockCreditsWithRefundDays(tx: TTx, userId: number) {
  const [account] = await tx
    .select({ credits: users.credits, refundDays: sites.refundDays })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return account;
}

/** Links a payment to the mandate it is charged to. */
export async function setPaymentMandate(db: TDb, paymentId: string, mandateId: number | null) {
  await db.update(payments).set({ mandateId }).where(eq(payments.id, paymentId));
}

/** Ends a payment that is still open as failed (nothing was charged). */
export async function failOpenPayment(db: TDb, paymentId: string, now: Date) {
  await db
    .update(payments)
    .set({ status: 'failed', updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'open')));
}

/** The member's direct debits since a date: how many are not final yet, and how many are not failed. */
export async function countDirectDebits(tx: TTx, userId: number, since: Date) {
  const [counts] = await tx
    .select({
      pending: sql<number>`count(*) filter (where ${payments.status} in ('open', 'pending'))::int`,
      recent: sql<number>`count(*) filter (where ${payments.status} in ('open', 'pending', 'paid'))::int`,
    })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.method, 'directdebit'), gte(payments.createdAt, since)));
  return counts;
}

/** Keeps one provider report of a payment and what applying it did (the payment's history in the console). */
export async function insertPaymentReport(tx: TTx, row: typeof paymentReports.$inferInsert) {
  await tx.insert(paymentReports).values(row);
}
