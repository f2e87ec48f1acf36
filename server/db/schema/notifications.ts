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
import { users } from './accounts.ts';

/**
 * A member's notification switches: one row per kind that differs from the defaults of
 * common/notifications.ts (`NOTIFICATION_DEFAULTS`); absent means default.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
    push: boolean('push').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('notification_preferences_user_kind_idx').on(t.userId, t.kind)],
);

/** A browser's Web Push subscription (one per endpoint; a member may have several devices). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL (https), unique: a browser re-subscribing under another member moves it. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser's user agent when subscribing (shown nowhere; helps support tell devices apart). */
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last push the push service accepted for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One row per (member, channel, event): the idempotency record of every notification. Inserted with the job that
 * delivers it (a second insert for the same event does nothing), so a retry or a second process never sends twice;
 * also what caps and "once per …" rules count.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of NOTIFICATION_KINDS. */
    kind: text('kind').notNull(),
    /** email | push */
    channel: text('channel').notNull(),
    /** What the notification is about, e.g. `message:123`, `like:45:67:1700000000`, `weekly:2026-48`. */
    eventKey: text('event_key').notNull(),
    /** A conversation or member the notification is about, for per-conversation limits (no foreign key). */
    subjectId: integer('subject_id'),
    /** queued | sent | skipped | failed */
    status: text('status').notNull().default('queued'),
    /** Why it was skipped or failed (read, cap, preference, blocked, no_subscription…). */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_sends_event_idx').on(t.userId, t.channel, t.eventKey),
    index('notification_sends_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Bounce and spam-complaint reports from the mail provider (`POST /webhooks/mail`), counted per address. */
export const emailFeedback = pgTable(
  'email_feedback',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** hard_bounce | soft_bounce | complaint */
    type: text('type').notNull(),
    /** The provider's own id of the report (a repeated report is stored once). */
    providerId: text('provider_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_feedback_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('email_feedback_provider_idx').on(t.providerId),
  ],
);
