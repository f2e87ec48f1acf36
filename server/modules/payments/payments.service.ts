import { FINAL_PAYMENT_STATUSES, paymentMethodsFor, type TPaymentStatus } from '#common/payments.ts';
import { toPackageWire } from '#common/wire/payments.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TPaymentWebhookService } from './payment-webhook.service.ts';
import { findStoredCard, revokeCard, type TMandateRow } from './mandates.repository.ts';
import { findMemberPayment, listActivePackages, listMemberPayments, type TPaymentRow } from './payments.repository.ts';
import type { TPaymentProvider } from './provider.ts';

/**
 * What a member sees of payments (spec §1, §3, §4): the bundles and methods offered, their payments (brought up to
 * date with the provider), and their stored card. Starting payments is checkout.service.ts; the provider's reports
 * are payment-webhook.service.ts; refunds are refunds.service.ts.
 */
export function createPaymentsService(
  core: TCore,
  deps: { provider: TPaymentProvider; webhook: Pick<TPaymentWebhookService, 'applyProviderReport'> },
) {
  const { db, now, log } = core;
  const { provider, webhook } = deps;
  /** The active bundles of a site in a country, in display order. */
  const packages = (siteId: number, country: string) => listActivePackages(db, siteId, country);
  return {
    /** What a member in a country is offered: the bundles (as clients see them) and the payment methods. */
    async offer(siteId: number, country: string) {
      const packs = await packages(siteId, country);
      return { country, packages: packs.map(toPackageWire), methods: paymentMethodsFor(country) };
    },
    packages,
    /** The member's stored card for the one-click repeat order, if any. */
    async storedCard(userId: number): Promise<TMandateRow | null> {
      return (await findStoredCard(db, userId, provider.name)) ?? null;
    },
    /** Forgets the stored card (the member's choice on the repeat-order page). */
    async forgetCard(userId: number, cardId: number) {
      const row = await revokeCard(db, { userId, cardId, now: now() });
      if (!row) throw new AppError('no_stored_card');
      // Revoked here it can no longer be charged; the service is told too (best effort, it keeps no money of ours).
      await provider
        .revokeMandate({ customerId: row.customerId, mandateId: row.providerMandateId })
        .catch((error: unknown) => log.warn({ mandateId: row.id, err: error }, 'mandate not revoked at the provider'));
    },
    /** One of the member's payments, brought up to date with the provider when it is not final (webhook lost). */
    async get(userId: number, paymentId: string): Promise<TPaymentRow> {
      const row = await findMemberPayment(db, userId, paymentId);
      if (!row) throw new AppError('payment_not_found');
      if (row.providerPaymentId && !FINAL_PAYMENT_STATUSES.includes(row.status as TPaymentStatus)) {
        return (await webhook.applyProviderReport(row.providerPaymentId, 'refresh')) ?? row;
      }
      return row;
    },
    /** The member's purchases, newest first. */
    async history(userId: number) {
      return listMemberPayments(db, userId);
    },
  };
}

/** The member's payments, bundles and stored card (see createPaymentsService). */
export type TPaymentsService = ReturnType<typeof createPaymentsService>;
