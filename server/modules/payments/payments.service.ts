import { and, asc, desc, eq, sql } from 'drizzle-orm';
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
  payments,
  sites,
  users,
} from '../../db/schema/index.ts';
import { assertApplies, findUsableCode } from './discounts.service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TRealtimeHub } from '../../realtime/hub.ts';
import type { TPaymentProvider } from './provider.ts';

export type TPaymentRow = typeof payments.$inferSelect;
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
}) {
  const { db, provider, realtime, now } = deps;

  /**
   * Applies what the provider reports for one of our payments, in one transaction with the payment row locked:
   * a paid report with our own amount and currency grants the credits (ledger row) and premium once; other
   * reports move the status unless it is final. Duplicates and late, out-of-order reports change nothing.
   */
  async function apply(providerPaymentId: string): Promise<TPaymentRow | null> {
    const reported = await provider.getPayment(providerPaymentId);
    if (!reported) return null;
    const result = await db.transaction(async (tx) => {
      const [payment] = await tx
        .select()
        .from(payments)
        .where(and(eq(payments.provider, provider.name), eq(payments.providerPaymentId, providerPaymentId)))
        .for('update');
      if (!payment) return null;
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
          return { payment, granted: null, mismatch: true };
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
      return { payment: updated, granted: null };
    });
    if (result?.granted) {
      await realtime
        .publish(memberChannel(result.granted.profileId), { type: 'credits', credits: result.granted.credits })
        .catch(() => undefined);
    }
    return result?.payment ?? null;
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
      input: { packageId: number; method: TPaymentMethod; discountCode?: string },
      pricing: { messageCredits: number; minimumMessageCost: number | null },
      urls: { redirect: (paymentId: string) => string; webhook: string },
    ) {
      const [pack] = await db
        .select()
        .from(creditPackages)
        .where(
          and(
            eq(creditPackages.id, input.packageId),
            eq(creditPackages.siteId, member.siteId),
            eq(creditPackages.country, member.country),
            eq(creditPackages.active, true),
          ),
        )
        .limit(1);
      if (!pack) throw new AppError('package_not_found');
      if (!paymentMethodsFor(member.country).includes(input.method)) throw new AppError('invalid_request');
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
          })
          .returning();
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
      let created;
      try {
        created = await provider.createPayment({
          amountMinor: payment.amountMinor,
          currency: payment.currency,
          method: input.method,
          description: `${pack.credits} credits`,
          redirectUrl: urls.redirect(payment.id),
          webhookUrl: urls.webhook,
        });
      } catch (error) {
        await db.transaction(async (tx) => {
          await tx.update(payments).set({ status: 'failed', updatedAt: now() }).where(eq(payments.id, payment.id));
          await tx.delete(discountRedemptions).where(eq(discountRedemptions.paymentId, payment.id));
        });
        throw error;
      }
      await db
        .update(payments)
        .set({ providerPaymentId: created.id, status: 'pending', updatedAt: now() })
        .where(eq(payments.id, payment.id));
      return { payment_id: payment.id, checkout_url: created.checkoutUrl };
    },
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
        const [updated] = await tx
          .update(payments)
          .set({ status: 'refunded', updatedAt: now() })
          .where(eq(payments.id, payment.id))
          .returning();
        const [{ others }] = await tx
          .select({ others: sql<number>`count(*)::int` })
          .from(payments)
          .where(and(eq(payments.userId, payment.userId), eq(payments.status, 'paid')));
        const [after] = await tx
          .update(users)
          .set({ credits: sql`${users.credits} - ${payment.credits}`, paidUser: others > 0 })
          .where(eq(users.id, payment.userId))
          .returning({ credits: users.credits, profileId: users.profileId });
        await tx
          .insert(creditLedger)
          .values({ userId: payment.userId, delta: -payment.credits, reason: 'refund', ref: `payment:${payment.id}` });
        return { updated, after };
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
