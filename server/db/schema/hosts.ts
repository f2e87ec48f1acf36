import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { conversations, profiles } from './profiles.ts';
import { sites } from './sites.ts';
import { staff } from './staff.ts';

/**
 * Conversations a member wrote to a fictional profile and nobody answered yet (issue 30, hosts' inbox). A row is added
 * by `chat_send` with the member's first unanswered message (migration 0026) and removed by a host's reply, so the
 * inbox and its figures read this small table only, whatever the number of conversations.
 */
export const hostInbox = pgTable(
  'host_inbox',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** The member's site (users.site_id): site-limited hosts see their sites' conversations. */
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    fictionalProfileId: integer('fictional_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    memberProfileId: integer('member_profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** When the oldest unanswered message was sent: the inbox is ordered by it. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
  },
  (t) => [index('host_inbox_waiting_idx').on(t.siteId, t.waitingSince)],
);

/**
 * A host's claim on a conversation (issue 30): only the holder may answer until it expires; claimed atomically with
 * `INSERT … ON CONFLICT DO UPDATE … WHERE expires_at < now`, so two hosts never answer the same conversation at once.
 */
export const hostLeases = pgTable(
  'host_leases',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('host_leases_staff_idx').on(t.staffId)],
);
