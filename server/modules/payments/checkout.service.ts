import { REPEAT_ORDER_DEDUPE_MS } from '#common/constants.ts';
import { discountedPrice, paymentMethodsFor, type TPaymentMethod, type TPaymentStatus } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { assertApplies, claimUsableCode } from './discounts.service.ts';
import { insertRedemption, releaseRedemption } from './discounts.repository.ts';
import type { TPaymentWebhookService } from './payment-webhook.service.ts';
import { findCustomerContact, findCustomerId, findStoredCard, insertCustomer } from './mandates.repository.ts';
import {
  findActivePackage,
  findRecentRepeatOrder,
  insertPayment,
  lockMember,
  recordProviderPayment,
  setPaymentStatus,
  type TPackageRow,
  type TPaymentRow,
} from './payments.repository.ts';
import { ProviderRefusedError, type TPaymentProvider, type TSequence } from './provider.ts';
import { scheduleReconciliation } from './reconcile.job.ts';

/** Where the provider sends the member back to, and where it reports changes. */
export interface TPaymentUrls {
  redirect: (paymentId: string) => string;
  webhook: string;
}

/** Who buys: the member, their site and country. */
type TBuyer = { userId: number; siteId: number; country: string };

/**
 * Starting payments (spec §2 credits, credits-repeat-order; §3 Payment): the checkout of a bundle, the one-click
 * repeat order, and what direct debit shares with them (the bundle, the customer at the provider, submitting).
 */
export function createCheckoutService(
  core: TCore,
  deps: { provider: TPaymentProvider; webhook: Pick<TPaymentWebhookService, 'applyProviderReport'> },
) {
  const { db, now, log } = core;
  const { provider, webhook } = deps;

  /** One of the site's active bundles in the member's country. */
  async function findPackage(member: { siteId: number; country: string }, packageId: number, tx: TTx | TDb = db) {
    const pack = await findActivePackage(tx, member, packageId);
    if (!pack) throw new AppError('package_not_found');
    return pack;
  }

  /** The member's customer id at the provider, created on first need (mandates live there). */
  async function customerOf(userId: number): Promise<string> {
    const known = await findCustomerId(db, userId, provider.name);
    if (known) return known;
    const member = await findCustomerContact(db, userId);
    const customerId = await provider.createCustomer({
      name: member.name,
      email: member.email,
      reference: `${userId}`,
    });
    // Two first payments at once: the first stored customer wins, the other is left unused at the provider.
    await insertCustomer(db, { userId, provider: provider.name, customerId });
    return (await findCustomerId(db, userId, provider.name)) as string;
  }

  /** A payment of a bundle at its full price charged to a mandate (repeat order, direct debit). */
  async function insertRecurring(
    tx: TTx | TDb,
    charge: { userId: number; pack: TPackageRow; method: TPaymentMethod; mandateId?: number },
  ) {
    const { userId, pack, method, mandateId = null } = charge;
    const row = await insertPayment(tx, {
      userId,
      createdAt: now(),
      packageId: pack.id,
      credits: pack.credits,
      amountMinor: pack.priceMinor,
      currency: pack.currency,
      method,
      provider: provider.name,
      sequence: 'recurring',
      mandateId,
    });
    await scheduleReconciliation(tx, row.id, now());
    return row;
  }

  /**
   * Hands a payment row we created to the provider. A checkout that could not be started fails at once and gives
   * its discount code back (nobody can pay it without the checkout URL). A recurring charge fails only when the
   * provider refused it; after a timeout it may have been made, so it stays open and the provider's report links
   * it (by our reference) and decides. A recurring charge is brought up to date immediately (nothing to wait for).
   */
  async function submit(
    payment: TPaymentRow,
    extra: { sequence: TSequence; customerId?: string; mandateId?: string },
    urls: TPaymentUrls,
  ) {
    let created;
    try {
      created = await provider.createPayment({
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        method: payment.method as TPaymentMethod,
        description: `${payment.credits} credits`,
        redirectUrl: urls.redirect(payment.id),
        webhookUrl: urls.webhook,
        reference: payment.id,
        ...extra,
      });
    } catch (error) {
      log.error({ paymentId: payment.id, err: error }, 'payment provider error');
      if (extra.sequence === 'recurring' && !(error instanceof ProviderRefusedError)) {
        return { payment_id: payment.id, checkout_url: null, status: 'pending' as TPaymentStatus };
      }
      await db.transaction(async (tx) => {
        await setPaymentStatus(tx, { paymentId: payment.id, status: 'failed', now: now() });
        await releaseRedemption(tx, payment.id);
      });
      throw new AppError('service_unavailable');
    }
    // A report may have come first and linked it (and moved it on): only an open payment becomes pending.
    await recordProviderPayment(db, { paymentId: payment.id, providerPaymentId: created.id, now: now() });
    let status: TPaymentStatus = 'pending';
    if (extra.sequence === 'recurring') {
      // The charge is made; if asking for its outcome fails now, the provider's report brings it.
      const applied = await webhook.applyProviderReport(created.id, 'checkout').catch(() => null);
      status = (applied?.status as TPaymentStatus | undefined) ?? 'pending';
    }
    return { payment_id: payment.id, checkout_url: created.checkoutUrl, status };
  }

  return {
    findPackage,
    customerOf,
    insertRecurring,
    submit,
    /**
     * Starts a purchase: the bundle must be one of the site's for the country, the method one offered there. The
     * amount and credits are copied from our table; the provider returns its checkout URL.
     */
    async start(
      member: TBuyer,
      input: { packageId: number; method: TPaymentMethod; discountCode?: string; rememberCard?: boolean },
      { pricing, urls }: { pricing: { messageCredits: number; minimumMessageCost: number | null }; urls: TPaymentUrls },
    ) {
      const pack = await findPackage(member, input.packageId);
      if (!paymentMethodsFor(member.country).includes(input.method)) throw new AppError('invalid_request');
      // Direct debit needs a signed mandate and the SMS code: it starts on /directdebit (direct-debit.service.ts).
      if (input.method === 'directdebit') throw new AppError('invalid_request');
      // Keeping the card needs the member's consent (the checkbox) and a customer at the provider.
      const sequence: TSequence = input.rememberCard && input.method === 'creditcard' ? 'first' : 'oneoff';
      const customerId = sequence === 'first' ? await customerOf(member.userId) : undefined;
      const payment = await db.transaction(async (tx) => {
        let amountMinor = pack.priceMinor;
        let code = null;
        if (input.discountCode) {
          code = await claimUsableCode(tx, { who: member, code: input.discountCode, now: now() });
          assertApplies(code, { priceMinor: pack.priceMinor, currency: pack.currency, method: input.method });
          const price = { price: pack.priceMinor, credits: pack.credits };
          amountMinor = discountedPrice(price, code.valuePercentage, pricing);
        }
        const row = await insertPayment(tx, {
          userId: member.userId,
          packageId: pack.id,
          credits: pack.credits,
          amountMinor,
          currency: pack.currency,
          method: input.method,
          provider: provider.name,
          discountCodeId: code?.id ?? null,
          sequence,
        });
        // Durable from the start: if its report is lost, the reconciliation job asks the provider (reconcile.job.ts).
        await scheduleReconciliation(tx, row.id, now());
        if (code) {
          // One use per member, also when two payments start at once: the second insert conflicts.
          const redemption = { discountCodeId: code.id, userId: member.userId, paymentId: row.id };
          if (!(await insertRedemption(tx, redemption))) throw new AppError('discount_used');
        }
        return row;
      });
      const { payment_id, checkout_url } = await submit(payment, { sequence, customerId }, urls);
      return { payment_id, checkout_url: checkout_url ?? urls.redirect(payment_id) };
    },
    /**
     * The one-click repeat order (spec §2 credits-repeat-order): charges the stored card for a bundle at its full
     * price, without a checkout. Answers the payment's status right away: paid, or failed ('Credit card payment
     * failed', offering a retry or PayPal), rarely still pending.
     */
    async repeat(member: TBuyer, packageId: number, urls: TPaymentUrls) {
      const pack = await findPackage(member, packageId);
      const card = await findStoredCard(db, member.userId, provider.name);
      if (!card) throw new AppError('no_stored_card');
      const order = await db.transaction(async (tx) => {
        // One charge per click: a second request for the same bundle within seconds (double click, two tabs, a
        // resent request) answers the first payment instead of charging again. The member row lock orders them.
        await lockMember(tx, member.userId);
        const since = new Date(now().getTime() - REPEAT_ORDER_DEDUPE_MS);
        const recent = await findRecentRepeatOrder(tx, { userId: member.userId, packageId: pack.id, since });
        return {
          row:
            recent ??
            (await insertRecurring(tx, { userId: member.userId, pack, method: 'creditcard', mandateId: card.id })),
          recent,
        };
      });
      if (order.recent) return { payment_id: order.row.id, status: order.row.status as TPaymentStatus };
      const result = await submit(
        order.row,
        { sequence: 'recurring', customerId: card.customerId, mandateId: card.providerMandateId },
        urls,
      );
      return { payment_id: result.payment_id, status: result.status };
    },
  };
}

/** Starts payments (see createCheckoutService). */
export type TCheckoutService = ReturnType<typeof createCheckoutService>;
