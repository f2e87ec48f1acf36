import type { TPaymentMethod, TPaymentStatus } from '../../../common/payments.ts';

/** What we ask a payment service to collect; the amount always comes from our own price table. */
export interface TCreatePayment {
  amountMinor: number;
  currency: string;
  method: TPaymentMethod;
  description: string;
  /** Where the member comes back to (our transaction page). */
  redirectUrl: string;
  /** Where the service reports changes (it sends only its payment id; we fetch the status from it). */
  webhookUrl: string;
}

/** The status of a payment as the payment service reports it when we ask. */
export interface TProviderPayment {
  id: string;
  status: TPaymentStatus;
  amountMinor: number;
  currency: string;
}

/**
 * A payment service provider (PSP). Webhooks are never trusted for their content: they only name a payment id,
 * and the status and amount are fetched from the provider itself (so a forged webhook can change nothing).
 */
export interface TPaymentProvider {
  name: string;
  createPayment(input: TCreatePayment): Promise<{ id: string; checkoutUrl: string }>;
  getPayment(id: string): Promise<TProviderPayment | null>;
}
