import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { memberChannel } from '../../../common/likes.ts';
import {
  discountedPrice,
  FINAL_PAYMENT_STATUSES,
  paymentMethodsFor,
  type TPaymentMethod,
  type TPaymentStatus,
} from '../../../common/payments.ts';
import type { TDb } from '../../db/connect.ts';
import {
  creditLedger,
  creditPackages,
  discountCodes,
  discountRedemptions,
  paymentCustomers,
  paymentMandates,
  payments,
  profiles,
  sites,
  users,
  type TDirectDebitDetails,
} from '../../db/schema/index.ts';
import { assertApplies, findUsableCode } from './discounts.service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TLogger } from '../../lib/logger.ts';
import type { TRealtimeHub } from '../../realtime/hub.ts';
import { ProviderRefusedError, type TPaymentProvider, type TProviderMandate, type TSequence } from './provider.ts';
import { scheduleReconciliation } from './reconcile.job.ts';

export type TPaymentRow = typeof payments.$inferSelect;
export type TMandateRow = typeof paymentMandates.$inferSelect;

/** A repeat order of the same bundle this soon after another is the same click (see repeat). */
export const REPEAT_ORDER_DEDUPE_MS = 30_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Statuses of a payment that ended here without money: a paid report for one of them is held for review. */
const ENDED_WITHOUT_MONEY = ['failed', 'cancelled', 'expired'];
/** What applying a report did: the payment after it, the balance when credits were granted, why it was held. */
type TApplied = {
  payment: typeof payments.$inferSelect;
  granted: { credits: number; profileId: number } | null;
  held?: string;
};

/** The stored card as the repeat-order page shows it. */
export const toCardWire = (m: TMandateRow) => ({ id: m.id, label: m.label, created_at: m.createdAt.toISOString() });

/** Where the provider sends the member back to, and where it reports changes. */
export interface TPaymentUrls {
  redirect: (paymentId: string) => string;
  webhook: string;
}
export type TPackageRow = typeof creditPackages.$inferSelect;

/** A bundle as clients see it, with its colour class p0–p3 (spec §9). */
export function toPackageWire(p: TPackageRow) {
  return {
    id: p.id,
    credits: p.credits,
    price: p.priceMinor,
    currency: p.currency,
    colour: `p${Math.min(p.position, 3)}`,
  };
}

/** A payment as the member sees it (spec §3 Payment: payment_id, credits, amount, payment method). */
export function toPaymentWire(p: TPaymentRow) {
  return {
    payment_id: p.id,
    credits: p.credits,
    amount: p.amountMinor,
    currency: p.currency,
    payment_method: p.method,
    package_id: p.packageId,
    /** Charged to a stored card or mandate without a checkout (repeat order, direct debit). */
    recurring: p.sequence === 'recurring',
    status: p.status as TPaymentStatus,
    created_at: p.createdAt.toISOString(),
  };
}

/** Credit bundles, purchases through a payment provider, and the grant of credits and premium (spec §1, §3, §4). */
export function createPaymentsService(deps: {
  db: TDb;
  provider: TPaymentProvider;
  realtime: TRealtimeHub;
  now: () => Date;
  log: Pick<TLogger, 'error' | 'warn'>;
}) {
  const { db, provider, realtime, now, log } = deps;

  /**
   * Applies what the provider reports for one of our payments, in one transaction with the payment row locked:
   * a paid report with our own amount and currency grants the credits (ledger row) and premium once; other
   * reports move the status unless it is final. Duplicates and late, out-of-order reports change nothing. A paid
   * report we cannot honour (another amount or currency, or a payment that ended here without money) moves the
   * payment to `review`, grants nothing and is logged as an error for support.
   */
  async function apply(providerPaymentId: string): Promise<TPaymentRow | null> {
    const reported = await provider.getPayment(providerPaymentId);
    if (!reported) return null;
    const result = await db.transaction(async (tx): Promise<TApplied | null> => {
      let [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)))
        .for('update');
      if (!payment && reported.reference && UUID.test(reported.reference)) {
        // Ours, but its creation answer never reached us (timeout) or this report came first: link it now.
        [payment] = await tx
          .update(payments)
          .set({ providerPaymentId, updatedAt: now() })
          .where(
            and(
              eq(payments.id, reported.reference),
              eq(payments.provider, provider.name),
              isNull(payments.providerPaymentId),
            ),
          )
          .returning();
      }
      if (!payment) return null;
      if (payment.status === 'paid' && reported.chargedBack) {
        // The bank took the money back: the credits go (as far as unspent), and so does direct debit for this member.
        const { updated, after } = await reverse(tx, payment, 'chargeback');
        if (payment.method === 'directdebit') await blockDirectDebit(tx, payment.userId);
        return { payment: updated, granted: after };
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
        return { payment, granted: null };
      }
      if (reported.status === 'paid') {
        if (reported.amountMinor !== payment.amountMinor || reported.currency !== payment.currency) {
          // Never grant for a different amount than we asked: leave it for a person to look at.
          return hold(tx, payment, 'paid amount or currency differs from the payment');
        }
        const [updated] = await tx
          .update(payments)
          .set({ status: 'paid', paidAt: now(), updatedAt: now() })
          .where(eq(payments.id, payment.id))
          .returning();
        const [account] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} + ${payment.credits}`, paidUser: true })
          .where(eq(users.id, payment.userId))
          .returning({ credits: users.credits, profileId: users.profileId });
        await tx
          .insert(creditLedger)
          .values({ userId: payment.userId, delta: payment.credits, reason: 'purchase', ref: `payment:${payment.id}` });
        if (reported.mandate && payment.sequence === 'first') await keepMandate(tx, payment.userId, reported.mandate);
        if (payment.discountCodeId) {
          // A personal code is spent; a code for everyone stays usable by others (one redemption per member).
          await tx
            .update(discountCodes)
            .set({ status: 'used', usedAt: now() })
            .where(and(eq(discountCodes.id, payment.discountCodeId), sql`${discountCodes.userId} is not null`));
        }
        return { payment: updated, granted: account };
      }
      const [updated] = await tx
        .update(payments)
        .set({ status: reported.status, updatedAt: now() })
        .where(eq(payments.id, payment.id))
        .returning();
      // A payment that ends without money gives its discount code back.
      if (FINAL_PAYMENT_STATUSES.includes(reported.status)) {
        await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, payment.id));
      }
      // A direct debit the bank could not collect: no more direct debits for this member (spec §9 'blocked').
      if (payment.method === 'directdebit' && reported.status === 'failed') await blockDirectDebit(tx, payment.userId);
      return { payment: updated, granted: null };
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
    if (result?.granted) {
      await realtime
        .publish(memberChannel(result.granted.profileId), { type: 'credits', credits: result.granted.credits })
        .catch(() => undefined);
    }
    return result?.payment ?? null;
  }

  /** Moves a payment to `review` (final until support decides), granting nothing; the caller logs why. */
  async function hold(tx: TTx, payment: TPaymentRow, why: string) {
    const [updated] = await tx
      .update(payments)
      .set({ status: 'review', updatedAt: now() })
      .where(eq(payments.id, payment.id))
      .returning();
    return { payment: updated, granted: null, held: why };
  }

  type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

  /** No more direct debits for this member (spec §9 'blocked'): one came back unpaid or was taken back. */
  const blockDirectDebit = (tx: TTx, userId: number) =>
    tx.update(users).set({ directDebitBlocked: true }).where(eq(users.id, userId));

  /**
   * Takes back what a paid payment granted, in the caller's transaction with the payment locked: status refunded,
   * the credits off the balance with a ledger row (a chargeback can only take what is left unspent; a refund is
   * only allowed while all of them are), premium kept only with another paid purchase.
   */
  async function reverse(tx: TTx, payment: TPaymentRow, reason: 'refund' | 'chargeback') {
    const [updated] = await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now() })
      .where(eq(payments.id, payment.id))
      .returning();
    const [{ others }] = await tx
      .select({ others: sql<number>`count(*)::int` })
      .from(payments)
      .where(and(eq(payments.userId, payment.userId), eq(payments.status, 'paid')));
    const [{ credits }] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, payment.userId))
      .for('update');
    const taken = Math.min(credits, payment.credits);
    const [after] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} - ${taken}`, paidUser: others > 0 })
      .where(eq(users.id, payment.userId))
      .returning({ credits: users.credits, profileId: users.profileId });
    if (taken > 0) {
      await tx
        .insert(creditLedger)
        .values({ userId: payment.userId, delta: -taken, reason, ref: `payment:${payment.id}` });
    }
    return { updated, after };
  }

  /** Keeps a mandate the provider created (a stored card); the same mandate reported twice is kept once. */
  async function keepMandate(tx: TTx | TDb, userId: number, mandate: TProviderMandate, details?: TDirectDebitDetails) {
    const [row] = await tx
      .insert(paymentMandates)
      .values({
        userId,
        provider: provider.name,
        customerId: mandate.customerId,
        providerMandateId: mandate.id,
        method: mandate.method,
        label: mandate.label,
        details: details ?? null,
      })
      .onConflictDoNothing()
      .returning();
    return row;
  }

  /** The member's customer id at the provider, created on first need (mandates live there). */
  async function customerOf(userId: number): Promise<string> {
    const key = and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider.name));
    const [known] = await db.select().from(paymentCustomers).where(key).limit(1);
    if (known) return known.customerId;
    const [member] = await db
      .select({ email: users.email, name: profiles.name })
      .from(users)
      .innerJoin(profiles, eq(profiles.id, users.profileId))
      .where(eq(users.id, userId));
    const customerId = await provider.createCustomer({
      name: member.name,
      email: member.email,
      reference: `${userId}`,
    });
    // Two first payments at once: the first stored customer wins, the other is left unused at the provider.
    await db.insert(paymentCustomers).values({ userId, provider: provider.name, customerId }).onConflictDoNothing();
    const [stored] = await db.select().from(paymentCustomers).where(key).limit(1);
    return stored.customerId;
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
        await tx.update(payments).set({ status: 'failed', updatedAt: now() }).where(eq(payments.id, payment.id));
        await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, payment.id));
      });
      throw new AppError('service_unavailable');
    }
    // A report may have come first and linked it (and moved it on): only an open payment becomes pending.
    await db
      .update(payments)
      .set({
        providerPaymentId: created.id,
        status: sql`case when ${payments.status} = 'open' then 'pending' else ${payments.status} end`,
        updatedAt: now(),
      })
      .where(eq(payments.id, payment.id));
    let status: TPaymentStatus = 'pending';
    if (extra.sequence === 'recurring') {
      // The charge is made; if asking for its outcome fails now, the provider's report brings it.
      status = ((await apply(created.id).catch(() => null))?.status as TPaymentStatus | undefined) ?? 'pending';
    }
    return { payment_id: payment.id, checkout_url: created.checkoutUrl, status };
  }

  /** One of the site's active bundles in the member's country. */
  async function findPackage(member: { siteId: number; country: string }, packageId: number, tx: TTx | TDb = db) {
    const [pack] = await tx
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
    if (!pack) throw new AppError('package_not_found');
    return pack;
  }

  /** A payment of a bundle at its full price charged to a mandate (repeat order, direct debit). */
  async function insertRecurring(
    tx: TTx | TDb,
    userId: number,
    pack: TPackageRow,
    method: TPaymentMethod,
    mandateId: number | null = null,
  ) {
    const [row] = await tx
      .insert(payments)
      .values({
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
      })
      .returning();
    await scheduleReconciliation(tx, row.id, now());
    return row;
  }

  /** The member's newest stored card at the current provider. */
  async function storedCard(userId: number): Promise<TMandateRow | null> {
    const [card] = await db
      .select()
      .from(paymentMandates)
      .where(
        and(
          eq(paymentMandates.userId, userId),
          eq(paymentMandates.provider, provider.name),
          eq(paymentMandates.method, 'creditcard'),
          isNull(paymentMandates.revokedAt),
        ),
      )
      .orderBy(desc(paymentMandates.id))
      .limit(1);
    return card ?? null;
  }

  /** The active bundles of a site in a country, in display order. */
  const packages = (siteId: number, country: string) =>
    db
      .select()
      .from(creditPackages)
      .where(
        and(eq(creditPackages.siteId, siteId), eq(creditPackages.country, country), eq(creditPackages.active, true)),
      )
      .orderBy(asc(creditPackages.position));

  return {
    /** What a member in a country is offered: the bundles (as clients see them) and the payment methods. */
    async offer(siteId: number, country: string) {
      const packs = await packages(siteId, country);
      return { country, packages: packs.map(toPackageWire), methods: paymentMethodsFor(country) };
    },
    packages,
    /**
     * Starts a purchase: the bundle must be one of the site's for the country, the method one offered there. The
     * amount and credits are copied from our table; the provider returns its checkout URL.
     */
    async start(
      member: { userId: number; siteId: number; country: string },
      input: { packageId: number; method: TPaymentMethod; discountCode?: string; rememberCard?: boolean },
      pricing: { messageCredits: number; minimumMessageCost: number | null },
      urls: TPaymentUrls,
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
          code = await findUsableCode(tx, member, input.discountCode, now());
          assertApplies(code, { priceMinor: pack.priceMinor, currency: pack.currency, method: input.method });
          amountMinor = discountedPrice(
            { price: pack.priceMinor, credits: pack.credits },
            code.valuePercentage,
            pricing,
          );
        }
        const [row] = await tx
          .insert(payments)
          .values({
            userId: member.userId,
            packageId: pack.id,
            credits: pack.credits,
            amountMinor,
            currency: pack.currency,
            method: input.method,
            provider: provider.name,
            discountCodeId: code?.id ?? null,
            sequence,
          })
          .returning();
        // Durable from the start: if its report is lost, the reconciliation job asks the provider (reconcile.job.ts).
        await scheduleReconciliation(tx, row.id, now());
        if (code) {
          // One use per member, also when two payments start at once: the second insert conflicts.
          const [redeemed] = await tx
            .insert(discountRedemptions)
            .values({ discountCodeId: code.id, userId: member.userId, paymentId: row.id })
            .onConflictDoNothing()
            .returning();
          if (!redeemed) throw new AppError('discount_used');
        }
        return row;
      });
      const { payment_id, checkout_url } = await submit(payment, { sequence, customerId }, urls);
      return { payment_id, checkout_url: checkout_url ?? urls.redirect(payment_id) };
    },
    /** The member's stored card for the one-click repeat order, if any. */
    storedCard,
    /**
     * The one-click repeat order (spec §2 credits-repeat-order): charges the stored card for a bundle at its full
     * price, without a checkout. Answers the payment's status right away: paid, or failed ('Credit card payment
     * failed', offering a retry or PayPal), rarely still pending.
     */
    async repeat(member: { userId: number; siteId: number; country: string }, packageId: number, urls: TPaymentUrls) {
      const pack = await findPackage(member, packageId);
      const card = await storedCard(member.userId);
      if (!card) throw new AppError('no_stored_card');
      const order = await db.transaction(async (tx) => {
        // One charge per click: a second request for the same bundle within seconds (double click, two tabs, a
        // resent request) answers the first payment instead of charging again. The member row lock orders them.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, member.userId)).for('update');
        const [recent] = await tx
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.userId, member.userId),
              eq(payments.packageId, pack.id),
              eq(payments.sequence, 'recurring'),
              eq(payments.method, 'creditcard'),
              inArray(payments.status, ['open', 'pending', 'paid']),
              gt(payments.createdAt, new Date(now().getTime() - REPEAT_ORDER_DEDUPE_MS)),
            ),
          )
          .limit(1);
        return { row: recent ?? (await insertRecurring(tx, member.userId, pack, 'creditcard', card.id)), recent };
      });
      if (order.recent) return { payment_id: order.row.id, status: order.row.status as TPaymentStatus };
      const result = await submit(
        order.row,
        { sequence: 'recurring', customerId: card.customerId, mandateId: card.providerMandateId },
        urls,
      );
      return { payment_id: result.payment_id, status: result.status };
    },
    /** Forgets the stored card (the member's choice on the repeat-order page). */
    async forgetCard(userId: number, cardId: number) {
      const [row] = await db
        .update(paymentMandates)
        .set({ revokedAt: now() })
        .where(
          and(
            eq(paymentMandates.id, cardId),
            eq(paymentMandates.userId, userId),
            eq(paymentMandates.method, 'creditcard'),
          ),
        )
        .returning();
      if (!row) throw new AppError('no_stored_card');
      // Revoked here it can no longer be charged; the service is told too (best effort, it keeps no money of ours).
      await provider
        .revokeMandate({ customerId: row.customerId, mandateId: row.providerMandateId })
        .catch((error: unknown) => log.warn({ mandateId: row.id, err: error }, 'mandate not revoked at the provider'));
    },
    /** For the direct debit service: the member's customer id, a mandate to keep, the bundle and submitting. */
    internals: { customerOf, keepMandate, findPackage, insertRecurring, submit, provider },
    /** A webhook: it names a provider payment id; the status comes from the provider itself. */
    webhook: apply,
    /** One of the member's payments, brought up to date with the provider when it is not final (webhook lost). */
    async get(userId: number, paymentId: string): Promise<TPaymentRow> {
      const [row] = await db
        .select()
        .from(payments)
        .where(and(eq(payments.id, paymentId), eq(payments.userId, userId)))
        .limit(1);
      if (!row) throw new AppError('payment_not_found');
      if (row.providerPaymentId && !FINAL_PAYMENT_STATUSES.includes(row.status as TPaymentStatus)) {
        return (await apply(row.providerPaymentId)) ?? row;
      }
      return row;
    },
    /**
     * Refunds a paid purchase (support, spec §3 refund_days): only within the site's `refund_days` of the payment and
     * only while the purchased credits are unused (the return policy refunds unused credits). Appends the reversal
     * to the ledger; the member stays premium only with another paid purchase. Refunding twice is refused.
     */
    async refund(paymentId: string): Promise<TPaymentRow> {
      const result = await db.transaction(async (tx) => {
        const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
        if (!payment) throw new AppError('payment_not_found');
        if (payment.status !== 'paid' || !payment.paidAt) throw new AppError('refund_not_possible');
        const [account] = await tx
          .select({ credits: users.credits, refundDays: sites.refundDays })
          .from(users)
          .innerJoin(sites, eq(sites.id, users.siteId))
          .where(eq(users.id, payment.userId))
          .for('update', { of: users });
        const deadline = payment.paidAt.getTime() + account.refundDays * 24 * 3600 * 1000;
        if (now().getTime() > deadline || account.credits < payment.credits) {
          throw new AppError('refund_not_possible');
        }
        // The money goes back first: when the provider refuses, nothing here changes.
        if (payment.providerPaymentId && payment.provider === provider.name) {
          await provider.refund({
            id: payment.providerPaymentId,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            description: `Refund ${payment.credits} credits`,
          });
        }
        return reverse(tx, payment, 'refund');
      });
      await realtime
        .publish(memberChannel(result.after.profileId), { type: 'credits', credits: result.after.credits })
        .catch(() => undefined);
      return result.updated;
    },
    /** The member's purchases, newest first. */
    async history(userId: number) {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(100);
    },
  };
}

export type TPaymentsService = ReturnType<typeof createPaymentsService>;
