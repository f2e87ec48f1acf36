import {
  createMollieClient,
  MandateMethod,
  MollieApiError,
  type PaymentMethod,
  SequenceType,
} from '@mollie/api-client';
import type { TPaymentStatus } from '#common/payments.ts';
import {
  ibanLabel,
  ProviderRefusedError,
  type TPaymentProvider,
  type TProviderMandate,
  type TProviderPayment,
} from './provider.ts';

/** Decimal places of a currency (EUR 2, PLN 2, SEK 2; Mollie wants exactly these in its amount strings). */
function fractionDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** Minor units to Mollie's amount object: 1999 EUR → { currency: 'EUR', value: '19.99' }. */
export function toMollieAmount(amountMinor: number, currency: string) {
  const digits = fractionDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const abs = String(Math.abs(amountMinor)).padStart(digits + 1, '0');
  const value = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return { currency: currency.toUpperCase(), value: sign + value };
}

/** Mollie's amount string back to minor units, exactly (no floating point). */
export function fromMollieAmount(amount: { value: string; currency: string }): number {
  const digits = fractionDigits(amount.currency);
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.value);
  if (!match) throw new Error(`Unexpected Mollie amount ${amount.value}`);
  const [, sign, whole, fraction = ''] = match;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  return sign ? -minor : minor;
}

/**
 * Mollie's payment statuses to ours: `canceled` is spelled the American way; `authorized` (a reserved card
 * amount, not captured yet) grants nothing, like pending.
 */
const STATUS: Record<string, TPaymentStatus> = {
  open: 'open',
  pending: 'pending',
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'cancelled',
  expired: 'expired',
};

/** "Visa •••• 4242" from a card payment's details (Mollie gives the brand and the last four digits). */
function cardLabel(details: unknown): string {
  const d = (details ?? {}) as { cardLabel?: string | null; cardNumber?: string | null };
  const brand = d.cardLabel ?? 'Card';
  return d.cardNumber ? `${brand} •••• ${d.cardNumber.slice(-4)}` : brand;
}

/** How long a create call may take before its outcome counts as unknown. */
const MOLLIE_TIMEOUT_MS = 20_000;

const isNotFound = (error: unknown) => error instanceof MollieApiError && error.statusCode === 404;

/**
 * Mollie's 4xx answers mean nothing was created (bad key, method not enabled, invalid mandate…), except 409: the
 * same idempotency key is still being processed, so the outcome is unknown.
 */
async function refusals<T>(call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // The client sets no timeout of its own; an answer that never comes is an unknown outcome, not a hung request.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Mollie did not answer in time')), MOLLIE_TIMEOUT_MS);
    });
    return await Promise.race([call(), timeout]);
  } catch (error) {
    const status = error instanceof MollieApiError ? error.statusCode : undefined;
    if (status && status >= 400 && status < 500 && status !== 409) {
      throw new ProviderRefusedError(`Mollie refused (${status}): ${(error as Error).message}`, { cause: error });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The Mollie adapter (PAYMENT_PROVIDER=mollie), on Mollie's official client. Every call that creates something
 * carries an idempotency key derived from our own ids, so a retried request never creates a second payment, mandate
 * or refund. Payment methods keep their names (ours follow Mollie's). Mollie calls our webhook with the payment id
 * only; getPayment fetches the status and amount from Mollie, so the webhook itself is never trusted.
 */
export function createMollieProvider(options: { apiKey: string; apiEndpoint?: string }): TPaymentProvider {
  const client = createMollieClient({
    apiKey: options.apiKey,
    ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
  });

  return {
    // Test and live mode are separate worlds at Mollie (customers, mandates, payments): keyed apart here too, so
    // switching a site to its live key never charges a test mandate or looks up a test customer.
    name: options.apiKey.startsWith('live_') ? 'mollie' : 'mollie_test',

    async createCustomer({ name, email, reference }) {
      const customer = await client.customers.create({
        name,
        email,
        metadata: { reference },
        idempotencyKey: `customer-${reference}`,
      });
      return customer.id;
    },

    async createPayment(input) {
      const payment = await refusals(() =>
        client.payments.create({
          amount: toMollieAmount(input.amountMinor, input.currency),
          description: input.description,
          method: input.method as PaymentMethod,
          webhookUrl: input.webhookUrl,
          metadata: { reference: input.reference },
          sequenceType: SequenceType[input.sequence],
          idempotencyKey: `payment-${input.reference}`,
          // A recurring charge has no member at a checkout, so Mollie takes no redirect URL for it.
          ...(input.sequence === 'recurring' ? {} : { redirectUrl: input.redirectUrl }),
          ...(input.customerId ? { customerId: input.customerId } : {}),
          ...(input.mandateId ? { mandateId: input.mandateId } : {}),
        }),
      );
      return { id: payment.id, checkoutUrl: payment._links.checkout?.href ?? null };
    },

    async getPayment(id) {
      // Webhooks name any id they like; only a well-formed payment id is worth asking Mollie about.
      if (!/^tr_\w+$/.test(id)) return null;
      let payment;
      try {
        payment = await client.payments.get(id);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const status = STATUS[payment.status] ?? 'pending';
      let mandate: TProviderMandate | null = null;
      if (status === 'paid' && payment.sequenceType === SequenceType.first && payment.mandateId && payment.customerId) {
        mandate = {
          id: payment.mandateId,
          customerId: payment.customerId,
          method: payment.method === 'directdebit' ? 'directdebit' : 'creditcard',
          label: cardLabel(payment.details),
        };
      }
      const result: TProviderPayment = {
        id: payment.id,
        status,
        amountMinor: fromMollieAmount(payment.amount),
        currency: payment.amount.currency,
        mandate,
        chargedBack: payment.amountChargedBack ? fromMollieAmount(payment.amountChargedBack) > 0 : false,
        reference: (payment.metadata as { reference?: unknown } | null)?.reference?.toString() ?? null,
      };
      return result;
    },

    async createMandate(input) {
      const mandate = await refusals(() =>
        client.customerMandates.create({
          customerId: input.customerId,
          method: MandateMethod.directdebit,
          consumerName: input.accountHolder,
          consumerAccount: input.iban,
          signatureDate: input.signedAt.toISOString().slice(0, 10),
          mandateReference: input.reference,
          idempotencyKey: `mandate-${input.reference}`,
        }),
      );
      return { id: mandate.id, customerId: input.customerId, method: 'directdebit', label: ibanLabel(input.iban) };
    },

    async revokeMandate({ customerId, mandateId }) {
      try {
        await client.customerMandates.revoke(mandateId, { customerId });
      } catch (error) {
        // Already gone (revoked before, or the customer deleted) is what we wanted.
        if (!(error instanceof MollieApiError && (error.statusCode === 404 || error.statusCode === 410))) throw error;
      }
    },

    async refund(input) {
      await client.paymentRefunds.create({
        paymentId: input.id,
        amount: toMollieAmount(input.amountMinor, input.currency),
        description: input.description,
        idempotencyKey: `refund-${input.id}`,
      });
    },
  };
}
