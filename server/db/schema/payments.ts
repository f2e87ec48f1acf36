import { sql } from 'drizzle-orm';
import {
  boolean,
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
    /** open | pending | paid | failed | cancelled | expired */
    status: text('status').notNull().default('open'),
    discountCodeId: integer('discount_code_id').references(() => discountCodes.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    unique('payments_provider_id_idx').on(t.provider, t.providerPaymentId),
    index('payments_user_idx').on(t.userId, t.createdAt),
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
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
