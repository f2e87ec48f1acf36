import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import type { TJobDefinition } from '#server/jobs/define-job.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { createCheckoutService } from './checkout.service.ts';
import { createDirectDebitService } from './direct-debit.service.ts';
import { createDiscountsService } from './discounts.service.ts';
import { createMollieProvider } from './mollie.provider.ts';
import { createPaymentWebhookService } from './payment-webhook.service.ts';
import { createPaymentsService } from './payments.service.ts';
import type { TPaymentProvider } from './provider.ts';
import { defineReconcilePaymentJob } from './reconcile.job.ts';
import { createRefundsService } from './refunds.service.ts';
import { createReviewService } from './review.service.ts';
import { createSandboxProvider } from './sandbox.provider.ts';
import { createSmsSender } from './sms.ts';

/** What the payments area needs besides the core. */
export interface TPaymentsDeps {
  config: Pick<TConfig, 'payments' | 'sms'>;
  realtime: Pick<TRealtimeHub, 'publish'>;
}

/**
 * Payments: the provider chosen by PAYMENT_PROVIDER (the sandbox by default), the offer, checkout and one-click
 * orders, the provider's reports (webhook and the reconciliation job), refunds, discounts and SEPA direct debit.
 */
export function createPaymentsArea(core: TCore, deps: TPaymentsDeps) {
  const { config, realtime } = deps;
  const sandbox = createSandboxProvider(core);
  const provider: TPaymentProvider =
    config.payments.provider === 'mollie'
      ? createMollieProvider({ apiKey: config.payments.mollieApiKey, apiEndpoint: config.payments.mollieApiEndpoint })
      : sandbox;
  const paymentWebhook = createPaymentWebhookService(core, { provider, realtime });
  const checkout = createCheckoutService(core, { provider, webhook: paymentWebhook });
  const sms = createSmsSender(core, config.sms);
  return {
    /** The payment service in use (the account purge deletes the member's customer there). */
    provider,
    payments: createPaymentsService(core, { provider, webhook: paymentWebhook }),
    /** Starting payments: checkout and the one-click repeat order. */
    checkout,
    /** Applies what the payment provider reports (webhook, reconciliation). */
    paymentWebhook,
    /** Refunds by support. */
    refunds: createRefundsService(core, { provider, realtime }),
    /** Support's decisions on payments held in review. */
    review: createReviewService(core, { provider, realtime }),
    discounts: createDiscountsService(core),
    /** The sandbox payment service (the default provider), for its hosted checkout. */
    sandbox,
    directDebit: createDirectDebitService(core, { provider, checkout, sms }),
    jobs: [
      defineReconcilePaymentJob(core, {
        refresh: (providerPaymentId) => paymentWebhook.applyProviderReport(providerPaymentId, 'reconcile'),
      }),
    ] satisfies TJobDefinition[],
  };
}

export type TPaymentsArea = ReturnType<typeof createPaymentsArea>;
