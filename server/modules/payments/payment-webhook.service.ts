import { FINAL_PAYMENT_STATUSES, type TPaymentStatus } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { blockDirectDebit } from './direct-debit.repository.ts';
import { markPersonalCodeUsed, releaseRedemption } from './discounts.repository.ts';
import { insertMandate } from './mandates.repository.ts';
import {
  countPaidPayments,
  creditPurchase,
  insertPaymentReport,
  linkProviderPayment,
  lockCredits,
  lockPaymentByProviderId,
  setPaymentStatus,
  takeBackCredits,
  type TPaymentRow,
} from './payments.repository.ts';
import type { TPaymentProvider, TProviderPayment } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Statuses of a payment that ended here without money: a paid report for one of them is held for review. */
const ENDED_WITHOUT_MONEY = ['failed', 'cancelled', 'expired'];
/** Who brought a provider's report: its webhook, the reconciliation job, a member's refresh, a charge's answer. */
export type TReportSource = 'webhook' | 'reconcile' | 'refresh' | 'checkout';
/** What applying a report did to the payment (kept in its history, `payment_reports`). */
type TOutcome = 'granted' | 'held' | 'status' | 'chargeback' | 'unchanged';
/** What applying a report did: the payment after it, the balance when credits were granted, why it was held. */
type TApplied = {
  payment: TPaymentRow;
  granted: { credits: number; profileId: number } | null;
  held?: string;
  outcome: TOutcome;
};

/**
 * Takes back what a paid payment granted, in the caller's transaction with the payment locked: status refunded,
 * the credits off the balance with a ledger row (a chargeback can only take what is left unspent; a refund is
 * only allowed while all of them are), premium kept only with another paid purchase.
 */
export async function reversePayment(
  tx: TTx,
  { payment, reason, now }: { payment: TPaymentRow; reason: 'refund' | 'chargeback'; now: Date },
) {
  const updated = await setPaymentStatus(tx, { paymentId: payment.id, status: 'refunded', now });
  const others = await countPaidPayments(tx, payment.userId);
  const credits = await lockCredits(tx, payment.userId);
  const taken = Math.min(credits, payment.credits);
  const after = await takeBackCredits(tx, payment, { taken, paidUser: others > 0, reason });
  return { updated, after };
}

/** What a payment provider reports about our payments: status changes, grants, chargebacks (spec §3, §4). */
export function createPaymentWebhookService(
  core: TCore,
  deps: { provider: TPaymentProvider; realtime: Pick<TRealtimeHub, 'publish'> },
) {
  const { db, now, log } = core;
  const { provider, realtime } = deps;

  /** Moves a payment to `review` (final until support decides), granting nothing; the caller logs why. */
  async function hold(tx: TTx, payment: TPaymentRow, why: string): Promise<TApplied> {
    return {
      payment: await setPaymentStatus(tx, { paymentId: payment.id, status: 'review', now: now() }),
      granted: null,
      held: why,
      outcome: 'held',
    };
  }

  /** The report's effect on one locked payment (see applyProviderReport). */
  async function applyLocked(tx: TTx, payment: TPaymentRow, reported: TProviderPayment): Promise<TApplied> {
    if (payment.status === 'paid' && reported.chargedBack) {
      // The bank took the money back: the credits go (as far as unspent), and so does direct debit for this member.
      const { updated, after } = await reversePayment(tx, { payment, reason: 'chargeback', now: now() });
      if (payment.method === 'directdebit') await blockDirectDebit(tx, payment.userId);
      return { payment: updated, granted: after, outcome: 'chargeback' };
    }
    if (reported.status === 'paid' && ENDED_WITHOUT_MONEY.includes(payment.status)) {
      // Money arrived for a payment that ended here (e.g. expired by the reconciliation job): a person decides.
      return hold(tx, payment, 'paid at the provider after the payment ended here');
    }
    // Final statuses never change; 'open' (the member has not acted at the provider yet) is no news.
    if (
      FINAL_PAYMENT_STATUSES.includes(payment.status as TPaymentStatus) ||
      reported.status === payment.status ||
      reported.status === 'open'
    ) {
      return { payment, granted: null, outcome: 'unchanged' };
    }
    if (reported.status === 'paid') {
      if (reported.amountMinor !== payment.amountMinor || reported.currency !== payment.currency) {
        // Never grant for a different amount than we asked: leave it for a person to look at.
        return hold(tx, payment, 'paid amount or currency differs from the payment');
      }
      const updated = await setPaymentStatus(tx, { paymentId: payment.id, status: 'paid', now: now() });
      const account = await creditPurchase(tx, payment);
      if (reported.mandate && payment.sequence === 'first') {
        // The card the member chose to keep (a first payment); the same mandate reported twice is kept once.
        await insertMandate(tx, {
          userId: payment.userId,
          provider: provider.name,
          customerId: reported.mandate.customerId,
          providerMandateId: reported.mandate.id,
          method: reported.mandate.method,
          label: reported.mandate.label,
          details: null,
        });
      }
      // A personal code is spent; a code for everyone stays usable by others (one redemption per member).
      if (payment.discountCodeId) await markPersonalCodeUsed(tx, payment.discountCodeId, now());
      return { payment: updated, granted: account, outcome: 'granted' };
    }
    const updated = await setPaymentStatus(tx, { paymentId: payment.id, status: reported.status, now: now() });
    // A payment that ends without money gives its discount code back.
    if (FINAL_PAYMENT_STATUSES.includes(reported.status)) await releaseRedemption(tx, payment.id);
    // A direct debit the bank could not collect: no more direct debits for this member (spec §9 'blocked').
    if (payment.method === 'directdebit' && reported.status === 'failed') await blockDirectDebit(tx, payment.userId);
    return { payment: updated, granted: null, outcome: 'status' };
  }

  return {
    /**
     * Applies what the provider reports for one of its payment ids (webhook, reconciliation, a member's refresh), in
     * one transaction with our payment row locked. The status and amount come from the provider itself, never from
     * the caller: a paid report with our own amount and currency grants the credits (ledger row) and premium once;
     * other reports move the status unless it is final. Duplicates and late, out-of-order reports change nothing. A
     * paid report we cannot honour (another amount or currency, or a payment that ended here without money) moves the
     * payment to `review`, grants nothing and is logged as an error for support. Answers our payment, or null when
     * the id is not one of ours.
     */
    async applyProviderReport(
      providerPaymentId: string,
      source: TReportSource = 'webhook',
    ): Promise<TPaymentRow | null> {
      const reported = await provider.getPayment(providerPaymentId);
      if (!reported) return null;
      const result = await db.transaction(async (tx): Promise<TApplied | null> => {
        let payment = await lockPaymentByProviderId(tx, provider.name, providerPaymentId);
        if (!payment && reported.reference && UUID.test(reported.reference)) {
          // Ours, but its creation answer never reached us (timeout) or this report came first: link it now.
          const link = { paymentId: reported.reference, provider: provider.name, providerPaymentId };
          payment = await linkProviderPayment(tx, link, now());
        }
        if (!payment) return null;
        const applied = await applyLocked(tx, payment, reported);
        // The payment's history for support (console): what the provider said and what it did here.
        await insertPaymentReport(tx, {
          paymentId: payment.id,
          source,
          status: reported.status,
          amountMinor: reported.amountMinor,
          currency: reported.currency,
          chargedBack: Boolean(reported.chargedBack),
          outcome: applied.outcome,
          createdAt: now(),
        });
        return applied;
      });
      if (result?.held) {
        log.error(
          {
            paymentId: result.payment.id,
            provider: provider.name,
            providerPaymentId,
            reported: { status: reported.status, amount: reported.amountMinor, currency: reported.currency },
            expected: { amount: result.payment.amountMinor, currency: result.payment.currency },
          },
          `payment held for review: ${result.held}`,
        );
      }
      if (result?.granted) await publishCredits(realtime, result.granted.profileId, result.granted.credits);
      return result?.payment ?? null;
    },
  };
}

/** Applies provider reports (see createPaymentWebhookService). */
export type TPaymentWebhookService = ReturnType<typeof createPaymentWebhookService>;
