import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './profiles.ts';
import { sites } from './sites.ts';

/** Tracking values stored with a signup (spec §3). */
export type TTracking = Partial<Record<'network' | 'ref' | 'sub1' | 'sub2' | 'sub3', string>>;

/** Member accounts (spec §3 User); an account belongs to the site it signed up on. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id),
    email: text('email').notNull(),
    emailConfirmed: boolean('email_confirmed').notNull().default(false),
    passwordHash: text('password_hash').notNull(),
    /** not_confirmed | active | deleted | purged */
    status: text('status').notNull().default('not_confirmed'),
    locale: text('locale').notNull(),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    /** Set when a direct debit came back unpaid, or by support: direct debit is no longer offered (spec §9). */
    directDebitBlocked: boolean('direct_debit_blocked').notNull().default(false),
    invisible: boolean('invisible').notNull().default(false),
    notificationsDisabled: text('notifications_disabled')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Why email notifications stopped: fbl | bounce | listunsubscribe (spec §4). */
    emailDisabledReason: text('email_disabled_reason'),
    tracking: jsonb('tracking').$type<TTracking>().notNull().default({}),
    /** The member a visitor signed up to chat with, and the first message written at signup (delivered by the chat). */
    signupMemberId: integer('signup_member_id'),
    signupMessage: text('signup_message'),
    signupDate: timestamp('signup_date', { withTimezone: true }).notNull().defaultNow(),
    /** When the address was first confirmed (the dashboard's activations); null before, and for accounts from before 0025. */
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReason: text('delete_reason'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /**
     * When the member finished or skipped the welcome steps after activation (photo, about me, interests on
     * complete-signup); null until then, so they are asked once. Accounts from before 0032 count as done.
     */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** Set when staff banned the member for good (moderation): no login, no session, not listed. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    /** Until when staff suspended the member; the suspension ends by itself at this moment (checks compare with now). */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    /** The reason category of the current ban or suspension (common/moderation.ts MODERATION_REASONS). */
    banReason: text('ban_reason'),
  },
  (t) => [
    uniqueIndex('users_site_email_idx').on(t.siteId, t.email),
    uniqueIndex('users_profile_idx').on(t.profileId),
    // The dashboard's signups and activations per day (the last 30 days of a range scan).
    index('users_signup_date_idx').on(t.signupDate),
    index('users_activated_idx').on(t.activatedAt),
    // Staff look members up by any part of their address (console member search): trigrams answer `ilike '%…%'`.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Server-side sessions; only the SHA-256 of the cookie token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    /** Last request made with it (updated at most every few minutes), for the list of active sessions in settings. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** The client's address truncated (IPv4 /24, IPv6 /48): enough to recognise a session, never the exact address. */
    ipPrefix: text('ip_prefix'),
    /** Approximate place (GeoIP country code) when the session began. */
    country: text('country'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * Append-only record of consents and acceptances (GDPR Art. 7(1): the controller must be able to show consent): terms,
 * privacy policy, processing of data revealing sexual orientation (Art. 9), marketing (`promotions`, `news`). A row is
 * written in the same transaction as the action; withdrawing sets `withdrawn_at`, giving again writes a new row.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** terms | privacy | orientation | promotions | news (common/consents.ts) */
    kind: text('kind').notNull(),
    /** Version of the text the member saw and agreed to. */
    version: text('version').notNull(),
    locale: text('locale').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull().defaultNow(),
    /** The client's address truncated (IPv4 /24, IPv6 /48). */
    ipPrefix: text('ip_prefix'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_user_kind_idx').on(t.userId, t.kind, t.givenAt)],
);

/** A member's "Download my data" archives (GDPR Art. 15/20): built by a job, downloadable for 7 days, then deleted. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** pending | ready | failed | expired */
    status: text('status').notNull().default('pending'),
    /** The ZIP under DATA_DIR/exports/ once ready. */
    fileKey: text('file_key'),
    sizeBytes: integer('size_bytes'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.requestedAt)],
);

/** Single-use, expiring email tokens (activation, password reset, email change, reactivation); hashed. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    data: jsonb('data').$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

/** Login attempts for the per-account and per-IP lockout. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siteId: integer('site_id').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.siteId, t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** The dev mailbox: every email when no SMTP server is configured, and SMS without a gateway (/dev/mailbox, config.devMailbox). */
export const mailbox = pgTable('mailbox', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Durable background jobs drained with FOR UPDATE SKIP LOCKED (ARCHITECTURE §1). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set when the job gave up (permanent error, or retried past its limit); `last_error` says why. Never runs again. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** The member the job is about (an account email), for per-member limits; no foreign key, purges keep the row. */
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at is null and failed_at is null`),
    index('jobs_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`user_id is not null`),
  ],
);

/** Append-only credit ledger: every balance change is a row written in the same transaction (ARCHITECTURE §4). */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_ledger_user_idx').on(t.userId, t.createdAt)],
);

/** Discount codes (spec §3 Discount code); retention codes are created by the deletion flow, the rest by the credits issue. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind').notNull(),
    siteId: integer('site_id').references(() => sites.id),
    userId: integer('user_id').references(() => users.id),
    country: text('country'),
    valuePercentage: integer('value_percentage').notNull(),
    currency: text('currency'),
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    paymentMethods: text('payment_methods')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A campaign's countries (kind 'campaign'); empty: every country. `country` stays the single-country codes'. */
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A campaign's first valid moment; null: valid from its creation. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** How many members may redeem a campaign code; null: no limit. */
    maxUses: integer('max_uses'),
    /** active | used | disabled */
    status: text('status').notNull().default('active'),
    expires: timestamp('expires', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_retention_idx')
      .on(t.userId, t.kind)
      .where(sql`kind = 'retention'`),
    // One welcome discount per member (spec §9: once per user).
    uniqueIndex('discount_codes_welcome_idx')
      .on(t.userId, t.kind)
      .where(sql`kind = 'welcome'`),
  ],
);
