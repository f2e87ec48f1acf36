/** Payment methods (spec §3 Payment: SEPA direct debit, wire transfer, card brands, PayPal, iDEAL, Bancontact, …). */
export const PAYMENT_METHODS = [
  'creditcard',
  'paypal',
  'ideal',
  'bancontact',
  'blik',
  'giropay',
  'applepay',
  'banktransfer',
  'directdebit',
] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Payment statuses of spec §4 (open: created, the member has not reached the checkout yet; refunded: paid, then
 * refunded by support within refund_days; review: the provider reported money we cannot honour automatically — another
 * amount or currency than ours, or paid after the payment ended here — so nothing is granted until support decides).
 */
export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'review',
] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** Statuses a provider's report never changes (a refund is ours, after paid; a review is support's). */
export const FINAL_PAYMENT_STATUSES: readonly TPaymentStatus[] = [
  'paid',
  'failed',
  'cancelled',
  'expired',
  'refunded',
  'review',
];

const EVERYWHERE: TPaymentMethod[] = ['creditcard', 'paypal', 'applepay', 'banktransfer'];

/** The methods offered in a country, local ones first (decision for 'not shown': the usual local methods). */
export function paymentMethodsFor(country: string): TPaymentMethod[] {
  const local: Record<string, TPaymentMethod[]> = {
    NL: ['ideal', 'directdebit'],
    BE: ['bancontact', 'directdebit'],
    DE: ['giropay', 'directdebit'],
    AT: ['directdebit'],
    PL: ['blik'],
  };
  return [...(local[country] ?? []), ...EVERYWHERE];
}

/**
 * The price of a bundle with a discount: never below the country's minimum price of a message (credits ÷
 * message_credits messages at `minimumMessageCost` each, ARCHITECTURE).
 */
export function discountedPrice(
  pack: { price: number; credits: number },
  percent: number,
  pricing: { messageCredits: number; minimumMessageCost: number | null },
): number {
  const floor = pricing.minimumMessageCost
    ? Math.ceil((pack.credits * pricing.minimumMessageCost) / pricing.messageCredits)
    : 0;
  return Math.max(floor, Math.round((pack.price * (100 - percent)) / 100));
}
