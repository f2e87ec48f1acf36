import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments.ts';
import { zText } from '../text.ts';

/** A credit bundle as clients see it, with its colour class p0–p3 (spec §9). */
export const ZPackage = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  colour: z.string(),
});

/** A payment as the member sees it (spec §3 Payment). */
export const ZPayment = z.object({
  payment_id: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  payment_method: z.string(),
  package_id: z.number().int(),
  recurring: z.boolean(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});

/** A stored card for the one-click repeat order. */
export const ZCard = z.object({ id: z.number().int(), label: z.string(), created_at: z.string() });

/** `GET /api/packages.php`: the bundles and payment methods of the member's country. */
export const ZOffer = z.object({ country: z.string(), packages: z.array(ZPackage), methods: z.array(z.string()) });

/** `POST /api/payment.php`: buy a bundle; `remember_card` keeps the card (card only); `redirect`: where it began. */
export const ZPaymentStartRequest = z.object({
  package_id: z.number().int().positive(),
  payment_method: z.enum(PAYMENT_METHODS),
  discount_code: zText().trim().min(1).max(40).optional(),
  remember_card: z.boolean().optional(),
  redirect: zText().max(500).optional(),
});

/** `POST /api/payment.php` answer: the provider checkout to send the member to. */
export const ZPaymentStarted = z.object({ payment_id: z.string(), checkout_url: z.string() });

/** `GET /api/payment.php` query: one payment, or all without `payment_id`. */
export const ZPaymentQuery = z.object({ payment_id: z.uuid().optional() });

/** `GET /api/payment.php` answer: one payment or the member's list. */
export const ZPaymentResponse = z.union([ZPayment, z.array(ZPayment)]);

/** `GET /api/repeat-order.php`: the stored card, or null. */
export const ZStoredCardResponse = z.object({ card: ZCard.nullable() });

/** `POST /api/repeat-order.php` body. */
export const ZRepeatOrderRequest = z.object({ package_id: z.number().int().positive() });

/** `POST /api/repeat-order.php` answer: the payment status at once (no checkout). */
export const ZRepeatOrderResponse = z.object({ payment_id: z.string(), status: z.enum(PAYMENT_STATUSES) });

/** `DELETE /api/repeat-order.php` query. */
export const ZForgetCardQuery = z.object({ card_id: z.coerce.number().int().positive() });

/** `DELETE /api/repeat-order.php` answer. */
export const ZOk = z.object({ ok: z.literal(true) });

/** `GET /api/directdebit.php`: whether the member may pay by direct debit. */
export const ZDirectDebitStatus = z.object({
  status: z.enum(['ok', 'blocked', 'limit', 'not_offered']),
  country: z.string(),
});

/** `POST /api/directdebit.php` body (bounds only; the country rules are in `makeDirectDebitSchema`). */
export const ZDirectDebitRequest = z.object({
  package_id: z.number().int().positive(),
  account_holder: zText().max(200),
  iban: zText().max(64),
  street: zText().max(200),
  house_number: zText().max(40),
  zip: zText().max(40),
  city: zText().max(200),
  phone: zText().max(40),
  consent: z.boolean(),
});

/** `POST /api/directdebit.php` answer: the SMS code was sent. */
export const ZDirectDebitSent = z.object({
  request_id: z.string(),
  phone_hint: z.string(),
  expires_in: z.number().int(),
  tries: z.number().int(),
});

/** `POST /api/directdebit-confirm.php` body. */
export const ZDirectDebitConfirmRequest = z.object({ request_id: zText().max(64), otp: zText().max(20) });

/** `POST /api/directdebit-confirm.php` answer: the payment started. */
export const ZDirectDebitConfirmed = z.object({ payment_id: z.string() });

/** `GET /api/discountcode.php` query: a code, or `welcome=true` for the welcome discount. */
export const ZDiscountQuery = z.object({
  code: zText().trim().max(40).optional(),
  welcome: z.stringbool().optional(),
});

/** `GET /api/discountcode.php` answer. */
export const ZDiscount = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string(),
  value_percentage: z.number().int(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  status: z.string(),
  validity: z.number().int(),
  expired: z.boolean(),
  paymentmethods: z.array(z.string()),
});

/** `GET /api/timebonus.php`: the welcome discount with its countdown, or null. */
export const ZTimeBonusResponse = z.object({
  time_bonus: z
    .object({ seconds_left: z.number().int(), ends_at: z.string(), percentage: z.number().int() })
    .nullable(),
});

export type TPackage = z.infer<typeof ZPackage>;
export type TPayment = z.infer<typeof ZPayment>;
export type TCard = z.infer<typeof ZCard>;
export type TOffer = z.infer<typeof ZOffer>;
export type TPaymentStartRequest = z.input<typeof ZPaymentStartRequest>;
export type TPaymentStarted = z.infer<typeof ZPaymentStarted>;
export type TStoredCardResponse = z.infer<typeof ZStoredCardResponse>;
export type TRepeatOrderResponse = z.infer<typeof ZRepeatOrderResponse>;
export type TDirectDebitStatus = z.infer<typeof ZDirectDebitStatus>;
export type TDirectDebitRequest = z.input<typeof ZDirectDebitRequest>;
export type TDirectDebitSent = z.infer<typeof ZDirectDebitSent>;
export type TDirectDebitConfirmed = z.infer<typeof ZDirectDebitConfirmed>;
export type TDiscount = z.infer<typeof ZDiscount>;
export type TTimeBonusResponse = z.infer<typeof ZTimeBonusResponse>;

/** The columns of a payment row that its wire shape shows (the server's `payments` row satisfies it). */
export interface TPaymentRecord {
  id: string;
  credits: number;
  amountMinor: number;
  currency: string;
  method: string;
  packageId: number;
  sequence: string;
  status: string;
  createdAt: Date;
}

/** The columns of a stored card (a `payment_mandates` row) that the repeat-order page shows. */
export interface TCardRecord {
  id: number;
  label: string;
  createdAt: Date;
}

/** The columns of a credit bundle (a `credit_packages` row) that clients see. */
export interface TPackageRecord {
  id: number;
  credits: number;
  priceMinor: number;
  currency: string;
  position: number;
}

/** A payment as the member sees it (spec §3 Payment: payment_id, credits, amount, payment method). */
export function toPaymentWire(p: TPaymentRecord): TPayment {
  return {
    payment_id: p.id,
    credits: p.credits,
    amount: p.amountMinor,
    currency: p.currency,
    payment_method: p.method,
    package_id: p.packageId,
    /** Charged to a stored card or mandate without a checkout (repeat order, direct debit). */
    recurring: p.sequence === 'recurring',
    status: p.status as TPayment['status'],
    created_at: p.createdAt.toISOString(),
  };
}

/** The stored card as the repeat-order page shows it. */
export const toCardWire = (m: TCardRecord): TCard => ({
  id: m.id,
  label: m.label,
  created_at: m.createdAt.toISOString(),
});

/** A bundle as clients see it, with its colour class p0–p3 (spec §9). */
export function toPackageWire(p: TPackageRecord): TPackage {
  return {
    id: p.id,
    credits: p.credits,
    price: p.priceMinor,
    currency: p.currency,
    colour: `p${Math.min(p.position, 3)}`,
  };
}

/** A payment on the wire. */
export type TPaymentWire = TPayment;
/** A stored card on the wire. */
export type TCardWire = TCard;
/** A credit bundle on the wire. */
export type TPackageWire = TPackage;

/** Credit bundles, purchases, the stored card, direct debit, discounts and the member's payments (spec §2 credits). */
export const paymentsApi = {
  offer: defineEndpoint({
    method: 'GET',
    path: '/api/packages.php',
    tags: ['payments'],
    summary: 'Credit bundles and payment methods of my country',
    response: ZOffer,
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/api/payment.php',
    tags: ['payments'],
    summary: 'Start buying a bundle: answers the provider checkout URL to send the member to',
    body: ZPaymentStartRequest,
    response: ZPaymentStarted,
  }),
  storedCard: defineEndpoint({
    method: 'GET',
    path: '/api/repeat-order.php',
    tags: ['payments'],
    summary: 'My stored card for the one-click repeat order (null without one)',
    response: ZStoredCardResponse,
  }),
  repeatOrder: defineEndpoint({
    method: 'POST',
    path: '/api/repeat-order.php',
    tags: ['payments'],
    summary: 'Buy a bundle again with my stored card, without a checkout; answers the payment status at once',
    body: ZRepeatOrderRequest,
    response: ZRepeatOrderResponse,
  }),
  forgetCard: defineEndpoint({
    method: 'DELETE',
    path: '/api/repeat-order.php',
    tags: ['payments'],
    summary: 'Forget my stored card',
    query: ZForgetCardQuery,
    response: ZOk,
  }),
  directDebitStatus: defineEndpoint({
    method: 'GET',
    path: '/api/directdebit.php',
    tags: ['payments'],
    summary: 'Whether I may pay by direct debit (blocked, limit reached) and whether my country offers it',
    response: ZDirectDebitStatus,
  }),
  requestDirectDebit: defineEndpoint({
    method: 'POST',
    path: '/api/directdebit.php',
    tags: ['payments'],
    summary: 'Direct debit mandate for a bundle (spec §3 Direct debit); sends the SMS code to confirm it',
    body: ZDirectDebitRequest,
    response: ZDirectDebitSent,
  }),
  confirmDirectDebit: defineEndpoint({
    method: 'POST',
    path: '/api/directdebit-confirm.php',
    tags: ['payments'],
    summary: "The SMS code of a direct debit ('Code invalid'; 5 tries, 10 minutes); starts the payment",
    body: ZDirectDebitConfirmRequest,
    response: ZDirectDebitConfirmed,
  }),
  discount: defineEndpoint({
    method: 'GET',
    path: '/api/discountcode.php',
    tags: ['payments'],
    summary:
      "A discount code I may use ('Code not found' / 'Code already used'), or with welcome=true my welcome discount",
    query: ZDiscountQuery,
    response: ZDiscount,
  }),
  timeBonus: defineEndpoint({
    method: 'GET',
    path: '/api/timebonus.php',
    tags: ['payments'],
    summary: 'My time bonus (spec §4): the welcome discount with its countdown, or null (visitors, paid, ended)',
    response: ZTimeBonusResponse,
  }),
  payments: defineEndpoint({
    method: 'GET',
    path: '/api/payment.php',
    tags: ['payments'],
    summary: 'One of my payments (brought up to date with the provider while not final), or all of them',
    query: ZPaymentQuery,
    response: ZPaymentResponse,
  }),
};
