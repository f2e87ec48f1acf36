import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { markPersonalCodeUsed, releaseRedemption } from './discounts.repository.ts';
import { creditPurchase, findPayment, lockPayment, setPaymentStatus, type TPaymentRow } from './payments.repository.ts';
import type { TPaymentProvider } from './provider.ts';

/** What a decision on a payment in review did: the payment before and after. */
export type TReviewDecision = { before: TPaymentRow; after: TPaymentRow };
/** Work done inside the decision's transaction (the console's audit entry). */
export type TWithinDecision = (tx: TTx, decision: TReviewDecision) => Promise<unknown>;

/**
 * Support's decision on a payment held in `review` (a paid report we could not honour by ourselves: another amount or
 * currency, or money after the payment ended here). Approving grants exactly what a paid report grants (the bundle's
 * credits with their ledger row, premium, a personal discount code spent); declining pays the money back at the
 * provider (what it holds, as it reports it) and ends the payment `refunded` without touching the balance, which
 * never received anything for it.
 */
export function createReviewService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { provider: TPaymentProvider; realtime: Pick<TRealtimeHub, 'publish'> },
) {
  const { db, now } = core;
  const { provider, realtime } = deps;

  /** Locks a payment that is in review, or refuses. */
  async function lockInReview(tx: TTx, paymentId: string): Promise<TPaymentRow> {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new AppError('payment_not_found');
    if (payment.status !== 'review') throw new AppError('invalid_request', { reason: 'not_in_review' });
    return payment;
  }

  return {
    /** Grants a payment in review as if its paid report had matched (credits, ledger row, premium) once. */
    async approve(paymentId: string, within?: TWithinDecision): Promise<TReviewDecision> {
      const { decision, account } = await db.transaction(async (tx) => {
        const before = await lockInReview(tx, paymentId);
        const after = await setPaymentStatus(tx, { paymentId, status: 'paid', now: now() });
        const granted = await creditPurchase(tx, before);
        if (before.discountCodeId) await markPersonalCodeUsed(tx, before.discountCodeId, now());
        await within?.(tx, { before, after });
        return { decision: { before, after }, account: granted };
      });
      await publishCredits(realtime, account.profileId, account.credits);
      return decision;
    },

    /** Pays back what the provider holds for a payment in review and ends it refunded, granting nothing. */
    async decline(paymentId: string, within?: TWithinDecision): Promise<TReviewDecision> {
      // The provider's own figures (a payment in review is one whose amount may differ from ours), read before the
      // transaction: the provider's answer does not depend on our lock, and the embedded database has one connection.
      const found = await findPayment(db, paymentId);
      const ours = found?.providerPaymentId && found.provider === provider.name ? found.providerPaymentId : null;
      const held = ours ? await provider.getPayment(ours) : null;
      return db.transaction(async (tx) => {
        const before = await lockInReview(tx, paymentId);
        if (ours && before.providerPaymentId === ours) {
          await provider.refund({
            id: ours,
            amountMinor: held?.amountMinor ?? before.amountMinor,
            currency: held?.currency ?? before.currency,
            description: 'Payment declined',
          });
        }
        const after = await setPaymentStatus(tx, { paymentId, status: 'refunded', now: now() });
        await releaseRedemption(tx, paymentId);
        await within?.(tx, { before, after });
        return { before, after };
      });
    },
  };
}

/** Decisions on payments in review (see createReviewService). */
export type TReviewService = ReturnType<typeof createReviewService>;
