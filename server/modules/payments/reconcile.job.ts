import { z } from 'zod';
import { FINAL_PAYMENT_STATUSES, type TPaymentStatus } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { declareJob, defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import { expireUnfinished, findPayment, type TPaymentRow } from './payments.repository.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#common/time.ts';

/** What a reconciliation check carries: the payment, which check this is, and when the payment expires here. */
const ZReconcileCheck = z.object({ paymentId: z.string(), check: z.number().int(), expiresAt: z.iso.datetime() });
type TReconcileCheck = z.infer<typeof ZReconcileCheck>;

/** One reconciliation check of a payment that is not final yet. */
export const RECONCILE_PAYMENT_JOB = declareJob({ kind: 'reconcile_payment', payload: ZReconcileCheck });

/**
 * Adds a reconciliation check in the caller's transaction, unless this check of this payment already exists: a check
 * that runs twice (its process died before it was marked done) never starts a second chain of checks.
 */
function queueCheck(tx: TDb | TTx, check: TReconcileCheck, runAt: Date): Promise<void> {
  return RECONCILE_PAYMENT_JOB.enqueueOnce(tx, check, {
    runAt,
    match: { paymentId: check.paymentId, check: check.check },
  });
}

/** The first check: a provider reports within seconds, so a payment not final after ten minutes lost its webhook. */
export const RECONCILE_FIRST_CHECK_MS = 10 * MINUTE_MS;
/** The longest wait between two checks (the backoff doubles from ten minutes up to this). */
export const RECONCILE_MAX_INTERVAL_MS = 6 * HOUR_MS;
/**
 * A payment still not final at the provider this long after it started is expired here. Longer than any method we
 * offer stays open at a provider (Mollie: checkouts expire within hours, bank transfers after 12 days, SEPA direct
 * debits settle within about 5 business days), so only a payment nobody will ever pay reaches it.
 */
export const PAYMENT_EXPIRY_MS = 28 * DAY_MS;

/** The wait after check number `check` before the next one: 20, 40, 80 … minutes, at most six hours. */
export function nextCheckDelay(check: number): number {
  return Math.min(RECONCILE_FIRST_CHECK_MS * 2 ** check, RECONCILE_MAX_INTERVAL_MS);
}

/** Schedules a new payment's first reconciliation check, in the transaction that creates the payment. */
export function scheduleReconciliation(tx: TDb | TTx, paymentId: string, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + PAYMENT_EXPIRY_MS).toISOString();
  return queueCheck(tx, { paymentId, check: 1, expiresAt }, new Date(now.getTime() + RECONCILE_FIRST_CHECK_MS));
}

const isFinal = (status: string) => FINAL_PAYMENT_STATUSES.includes(status as TPaymentStatus);

/**
 * The durable reconciliation job (`reconcile_payment`): asks the provider about a payment that is not final yet, so a
 * lost webhook never leaves a paid payment waiting for the member to open its page. The answer is applied exactly as
 * the webhook applies it (payment row locked, credits granted once), so the two may run at the same moment. While the
 * payment is not final the next check is scheduled with backoff; at PAYMENT_EXPIRY_MS it expires here. A provider
 * that cannot be reached makes the check fail, and the job runner retries it.
 */
export function defineReconcilePaymentJob(
  core: TCore,
  deps: { refresh: (providerPaymentId: string) => Promise<TPaymentRow | null> },
): TJobDefinition {
  const { db, now, log } = core;
  const { refresh } = deps;
  return defineJob(RECONCILE_PAYMENT_JOB, { handler });

  async function handler({ paymentId, check, expiresAt }: TReconcileCheck): Promise<void> {
    const payment = await findPayment(db, paymentId);
    if (!payment || isFinal(payment.status)) return;
    // Without a provider id (its creation answer was lost) there is nothing to ask; the provider's report links it.
    const current = payment.providerPaymentId ? ((await refresh(payment.providerPaymentId)) ?? payment) : payment;
    if (isFinal(current.status)) return;
    const at = now();
    const expiry = new Date(expiresAt);
    if (at >= expiry) {
      const expired = await expireUnfinished(db, paymentId, at);
      if (expired) log.warn({ paymentId, status: current.status }, 'payment expired: not final at the provider');
      return;
    }
    const runAt = new Date(Math.min(at.getTime() + nextCheckDelay(check), expiry.getTime()));
    await queueCheck(db, { paymentId, check: check + 1, expiresAt }, runAt);
  }
}
