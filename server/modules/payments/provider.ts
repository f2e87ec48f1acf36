import type { TPaymentMethod, TPaymentStatus } from '#common/payments.ts';

/**
 * How a payment uses a stored mandate: `oneoff` is a plain checkout; `first` is a checkout in which the member also
 * agrees to keep the card (a mandate) for later one-click purchases; `recurring` charges a stored mandate without
 * the member (repeat order, SEPA direct debit).
 */
export type TSequence = 'oneoff' | 'first' | 'recurring';

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
  /** Our payment id, kept by the service as metadata (for support, never trusted back). */
  reference: string;
  sequence: TSequence;
  /** The member at the service (`first` and `recurring`). */
  customerId?: string;
  /** The stored mandate to charge (`recurring`). */
  mandateId?: string;
}

/** A mandate at the service: a stored card, or a SEPA direct debit mandate. */
export interface TProviderMandate {
  id: string;
  customerId: string;
  method: 'creditcard' | 'directdebit';
  /** What the member recognises, e.g. "Visa •••• 4242" or "NL•• •••• 0123". */
  label: string;
}

/** The status of a payment as the payment service reports it when we ask. */
export interface TProviderPayment {
  id: string;
  status: TPaymentStatus;
  amountMinor: number;
  currency: string;
  /** The mandate a paid `first` payment created (the stored card). */
  mandate?: TProviderMandate | null;
  /** The payer's bank took the money back after it was paid (a chargeback or a returned direct debit). */
  chargedBack?: boolean;
  /** Our payment id as we gave it: links a payment whose creation answer never reached us. */
  reference?: string | null;
}

/**
 * The provider answered and refused a request, so nothing was created there (a definite failure). Any other error
 * (timeout, connection reset, 5xx) leaves it open whether the provider created the payment.
 */
export class ProviderRefusedError extends Error {}

/** A SEPA direct debit mandate the member signed with us (IBAN checked, SMS code confirmed). */
export interface TCreateMandate {
  customerId: string;
  accountHolder: string;
  /** Electronic format, validated. */
  iban: string;
  /** Our unique mandate reference. */
  reference: string;
  signedAt: Date;
}

/**
 * A payment service provider (PSP). Webhooks are never trusted for their content: they only name a payment id,
 * and the status and amount are fetched from the provider itself (so a forged webhook can change nothing).
 */
export interface TPaymentProvider {
  name: string;
  /** Creates the member at the service (needed to store mandates). */
  createCustomer(input: { name: string; email: string; reference: string }): Promise<string>;
  /** Starts a payment; `checkoutUrl` is null when the member has nothing to do there (`recurring`). */
  createPayment(input: TCreatePayment): Promise<{ id: string; checkoutUrl: string | null }>;
  getPayment(id: string): Promise<TProviderPayment | null>;
  /** Registers a SEPA direct debit mandate the member signed with us. */
  createMandate(input: TCreateMandate): Promise<TProviderMandate>;
  /** Ends a mandate at the service (the member removed the card, or the account was purged). */
  revokeMandate(input: { customerId: string; mandateId: string }): Promise<void>;
  /** Pays a paid payment back in full. */
  refund(input: { id: string; amountMinor: number; currency: string; description: string }): Promise<void>;
}

/** What the member recognises of an IBAN: the country and the last four characters, "NL•• •••• 0123". */
export function ibanLabel(iban: string): string {
  return `${iban.slice(0, 2)}•• •••• ${iban.slice(-4)}`;
}
