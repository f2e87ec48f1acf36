import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
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
 * access-ban page instead of being treated as a plain visitor. Kept until the session would have expired.
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
