import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/connect.ts';
import { discountRedemptions, jobs, payments } from '../../db/schema/index.ts';

/** What a reconciliation check carries: the payment, which check this is, and when the payment expires here. */
export interface TReconcileCheck {
  paymentId: string;
  check: number;
  expiresAt: string;
}

/** The job kind of a reconciliation check (server/modules/payments/reconcile.job.ts). */
export const RECONCILE_JOB = 'reconcile_payment';

/**
 * Adds a reconciliation check in the caller's transaction, unless this check of this payment already exists: a check
 * that runs twice (its process died before it was marked done) never starts a second chain of checks.
 */
export async function insertReconcileCheck(tx: TDb | TTx, check: TReconcileCheck, runAt: Date): Promise<void> {
  const payload = JSON.stringify(check);
  const same = JSON.stringify({ paymentId: check.paymentId, check: check.check });
  await tx.execute(sql`
    insert into ${jobs} (kind, payload, run_at)
    select ${RECONCILE_JOB}, ${payload}::jsonb, ${runAt.toISOString()}::timestamptz
    where not exists (select 1 from ${jobs} where kind = ${RECONCILE_JOB} and payload @> ${same}::jsonb)`);
}

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
