import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  jsonb,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { discountCodes, users } from './accounts.ts';
import { sites } from './sites.ts';

/** Credit bundles per site and country (spec §1: one-time purchases, no subscription). */
export const creditPackages = pgTable(
  'credit_packages',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    country: text('country').notNull(),
    /** Display order and colour class p0–p3 (spec §9). */
    position: integer('position').notNull(),
    credits: integer('credits').notNull(),
    /** Price in minor units of the currency (cents). */
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('credit_packages_site_country_idx').on(t.siteId, t.country, t.position)],
);

/**
 * A purchase (spec §3 Payment). Amount and credits are copied from our own price table when the payment starts;
 * a provider's report only moves the status, and only a paid report with the same amount grants the credits.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** open | pending | paid | failed | cancelled | expired | refunded | review (common/payments.ts) */
    status: text('status').notNull().default('open'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    /** oneoff | first (the member agreed to keep the card) | recurring (a stored mandate charged) */
    sequence: text('sequence').notNull().default('oneoff'),
    /** The stored mandate a recurring payment charges. */
    mandateId: integer('mandate_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // The dashboard's first purchases and revenue per day.
    index('payments_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at is not null`),
    // The console's payments list: newest first, optionally by status (payments in review).
    index('payments_created_idx').on(t.createdAt),
    index('payments_status_idx').on(t.status, t.createdAt),
    // The same list filtered by method (support looking for iDEAL or direct debit payments).
    index('payments_method_idx').on(t.method, t.createdAt),
  ],
);

/** The sandbox provider's own records: it plays the payment service, with a hosted checkout we serve. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  method: text('method').notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  /** open | pending | paid | failed | cancelled | expired */
  status: text('status').notNull().default('open'),
  /** oneoff | first | recurring */
  sequence: text('sequence').notNull().default('oneoff'),
  /** The payer's bank took the money back after it was paid (tests: sandbox.chargeBack). */
  chargedBack: boolean('charged_back').notNull().default(false),
  /** Our payment id as the shop gave it (metadata, like a real service keeps it). */
  reference: text('reference'),
  customerId: text('customer_id'),
  /** The mandate charged (recurring) or created (a paid first payment). */
  mandateId: text('mandate_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** The sandbox provider's mandates: test cards kept by a first payment, and direct debit mandates. */
export const sandboxMandates = pgTable('sandbox_mandates', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull(),
  /** creditcard | directdebit */
  method: text('method').notNull(),
  label: text('label').notNull(),
  /** A test card whose later charges are declined (to try 'Credit card payment failed'). */
  declines: boolean('declines').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One use of a discount code by a member (spec §3: one use per member). Inserted when a payment starts, so of two
 * concurrent uses only one succeeds; deleted again when that payment fails, is cancelled or expires.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    discountCodeId: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.discountCodeId, t.userId] })],
);

/** The member at a payment service (needed to keep mandates there). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** What a SEPA direct debit mandate records besides the provider's id (spec §3 Direct debit). */
export interface TDirectDebitDetails {
  accountHolder: string;
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  /** E.164 */
  phone: string;
  reference: string;
}

/**
 * Mandates a member gave: a stored card (kept by a paid first card payment, for the one-click repeat order) or a
 * signed SEPA direct debit mandate. Revoked ones are kept for the record.
 */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    providerMandateId: text('provider_mandate_id').notNull(),
    /** creditcard | directdebit */
    method: text('method').notNull(),
    label: text('label').notNull(),
    details: jsonb('details').$type<TDirectDebitDetails>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    unique('payment_mandates_provider_idx').on(t.provider, t.providerMandateId),
    index('payment_mandates_user_idx').on(t.userId, t.method),
  ],
);

/**
 * A direct debit the member filled in, waiting for the SMS code (spec §3 Direct debit, §9: 'Code invalid'). Only a
 * hash of the code is kept; at most 5 tries within 10 minutes.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => creditPackages.id),
    details: jsonb('details').$type<TDirectDebitDetails>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once the right code was entered: the payment it started. */
    paymentId: uuid('payment_id').references(() => payments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_debit_requests_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every report a payment service made about one of our payments, as it was applied (webhook, reconciliation, a
 * member's refresh): what the provider said and what we did with it. The console shows it as the payment's history;
 * ids, statuses and amounts only (kept with the payment, tax law).
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    /** webhook | reconcile | refresh */
    source: text('source').notNull(),
    /** The status the provider reported. */
    status: text('status').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    chargedBack: boolean('charged_back').notNull().default(false),
    /** What applying it did: granted | held | status | chargeback | unchanged */
    outcome: text('outcome').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_reports_payment_idx').on(t.paymentId, t.createdAt)],
);
