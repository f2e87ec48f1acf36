import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TReportSnapshot } from '#common/moderation.ts';
import { users } from './accounts.ts';
import { profiles } from './profiles.ts';
import { sites } from './sites.ts';

/** Email addresses that may not sign up again on a site (a ban keeps its address out: issue 30). */
export const bannedEmails = pgTable(
  'banned_emails',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Normalized: trimmed and lower-cased, as accounts store it. */
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    staffId: integer('staff_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.email] })],
);

/**
 * Sessions a ban or suspension ended (their stored SHA-256 id): the next request of that browser is shown the
 * access-ban page instead of being treated as a plain visitor. Kept until the session would have expired; the daily
 * retention job deletes it then.
 */
export const bannedSessions = pgTable(
  'banned_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('banned_sessions_user_idx').on(t.userId)],
);

/** Reports of a profile or one of its photos, kept for moderation (spec §6). */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterProfileId: integer('reporter_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    profileId: integer('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /**
     * The reported photo. No foreign key: the id stays as evidence when the photo is deleted (a `set null` would also
     * collide with the same reporter's report of the whole profile under reports_once_idx).
     */
    photoId: uuid('photo_id'),
    /** One of REPORT_REASONS (common/reports.ts). */
    reason: text('reason').notNull(),
    message: text('message').notNull().default(''),
    /** open | decided */
    status: text('status').notNull().default('open'),
    /** The site of the reported member (null for a fictional profile, which belongs to no account). */
    siteId: integer('site_id'),
    /** The reported profile as it was when reported (name, texts, attributes, photo urls): the evidence. */
    snapshot: jsonb('snapshot').$type<TReportSnapshot>(),
    /** The reported messages (only these are shown to staff, never the whole conversation). */
    messageIds: bigint('message_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    /** What staff decided (common/moderation.ts REPORT_ACTIONS), when, by whom, and the note the member is told. */
    decision: text('decision'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: integer('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('reports_once_idx').on(t.reporterProfileId, t.profileId, t.photoId).nullsNotDistinct(),
    index('reports_status_idx').on(t.status, t.createdAt),
    // Reports against a member (the console's member page; the cascade when a profile goes).
    index('reports_profile_idx').on(t.profileId, t.createdAt),
  ],
);

/** Complaints sent through the /complaints form; each is also emailed to the site's support address. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').notNull(),
    /** The member who sent it when logged in. */
    userId: integer('user_id'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** One of COMPLAINT_TOPICS (common/reports.ts). */
    topic: text('topic').notNull(),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    /** open | answered | closed */
    status: text('status').notNull().default('open'),
    /** Staff's answer, emailed to the complainant. */
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: integer('replied_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaints_status_idx').on(t.status, t.createdAt)],
);
