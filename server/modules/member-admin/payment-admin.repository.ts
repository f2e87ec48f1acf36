import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { ADMIN_COUNT_CAP, type TPaymentSearch } from '#common/member-admin.ts';
import type { TDb } from '#server/db/connect.ts';
import { creditLedger, paymentReports, payments, profiles, users } from '#server/db/schema/index.ts';

/** One page of payments matching a console filter within the staff member's sites (null: every site), and the count. */
export async function listPayments(db: TDb, search: TPaymentSearch, siteIds: number[] | null) {
  const conditions: SQL[] = [];
  if (siteIds) conditions.push(inArray(users.siteId, siteIds.length ? siteIds : [-1]));
  if (search.siteId) conditions.push(eq(users.siteId, search.siteId));
  if (search.status) conditions.push(eq(payments.status, search.status));
  if (search.method) conditions.push(eq(payments.method, search.method));
  if (search.from) conditions.push(gte(payments.createdAt, search.from));
  if (search.to) conditions.push(lt(payments.createdAt, search.to));
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: payments.id,
      userId: payments.userId,
      siteId: users.siteId,
      email: users.email,
      credits: payments.credits,
      amountMinor: payments.amountMinor,
      currency: payments.currency,
      method: payments.method,
      provider: payments.provider,
      status: payments.status,
      createdAt: payments.createdAt,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  const capped = db
    .select({ one: sql`1` })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where)
    .limit(ADMIN_COUNT_CAP + 1)
    .as('capped');
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(capped);
  return { rows, total: Math.min(total, ADMIN_COUNT_CAP), more: total > ADMIN_COUNT_CAP };
}

/** A payment with its member (site, email, profile), or undefined. */
export async function findPaymentWithMember(db: TDb, paymentId: string) {
  const [row] = await db
    .select({
      payment: payments,
      member: {
        userId: users.id,
        siteId: users.siteId,
        email: users.email,
        profileId: users.profileId,
        name: profiles.name,
      },
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row;
}

/** The provider's reports of a payment as they were applied, oldest first. */
export function listPaymentReports(db: TDb, paymentId: string) {
  return db
    .select({
      source: paymentReports.source,
      status: paymentReports.status,
      amountMinor: paymentReports.amountMinor,
      currency: paymentReports.currency,
      chargedBack: paymentReports.chargedBack,
      outcome: paymentReports.outcome,
      createdAt: paymentReports.createdAt,
    })
    .from(paymentReports)
    .where(eq(paymentReports.paymentId, paymentId))
    .orderBy(paymentReports.createdAt, paymentReports.id);
}

/** The ledger rows a payment caused: its purchase, and a refund or chargeback taking credits back. */
export function listPaymentLedger(db: TDb, payment: { id: string; userId: number }) {
  return db
    .select({ delta: creditLedger.delta, reason: creditLedger.reason, createdAt: creditLedger.createdAt })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, payment.userId), eq(creditLedger.ref, `payment:${payment.id}`)))
    .orderBy(creditLedger.createdAt, creditLedger.id);
}
