import type { TPaymentStatus } from '../payments.ts';

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
export function toPaymentWire(p: TPaymentRecord) {
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

/** The stored card as the repeat-order page shows it. */
export const toCardWire = (m: TCardRecord) => ({ id: m.id, label: m.label, created_at: m.createdAt.toISOString() });

/** A bundle as clients see it, with its colour class p0–p3 (spec §9). */
export function toPackageWire(p: TPackageRecord) {
  return {
    id: p.id,
    credits: p.credits,
    price: p.priceMinor,
    currency: p.currency,
    colour: `p${Math.min(p.position, 3)}`,
  };
}

/** A payment on the wire. */
export type TPaymentWire = ReturnType<typeof toPaymentWire>;
/** A stored card on the wire. */
export type TCardWire = ReturnType<typeof toCardWire>;
/** A credit bundle on the wire. */
export type TPackageWire = ReturnType<typeof toPackageWire>;
