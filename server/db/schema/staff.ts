import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { TStaffRole, TStaffStatus } from '#common/staff.ts';
import { sites } from './sites.ts';

/** Operator staff: separate from members, one role each, password + TOTP (issue 30). */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Lower-case, unique across the whole platform (staff are not per site). */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role').$type<TStaffRole>().notNull(),
    /** invited (enrolment link not used yet) | active | disabled */
    status: text('status').$type<TStaffStatus>().notNull().default('invited'),
    /** argon2id; null until the enrolment link was used. */
    passwordHash: text('password_hash'),
    /** Base32 TOTP secret; null until enrolled (the first login enrols). */
    totpSecret: text('totp_secret'),
    /** The last accepted TOTP time step: a code is accepted once (no replay within its 30 s window). */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of the one-time enrolment token printed by `admin:create` or shown to the owner who invited. */
    enrolTokenHash: text('enrol_token_hash'),
    enrolExpiresAt: timestamp('enrol_expires_at', { withTimezone: true }),
    /**
     * Between the password step and the code step of a login (or of an enrolment): SHA-256 of the ticket, its expiry,
     * and during an enrolment the secret being set up (kept here, not in the browser, until a code proves it).
     */
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    pendingTotpSecret: text('pending_totp_secret'),
    /** Interface language of the console for this staff member (their mails too). */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_email_idx').on(t.email)],
);

/** The sites a staff member is limited to; none = every site. */
export const staffSites = pgTable(
  'staff_sites',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.siteId] })],
);

/** Console sessions: only the SHA-256 of the cookie token; 12 h idle (issue 30). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ipPrefix: text('ip_prefix'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/** Single-use recovery codes (SHA-256), made at enrolment. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.codeHash] })],
);

/** Every staff action: who, when, what, which member or site, before and after (issue 30). Never deleted by staff. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** Null for actions of the system on a staff member's behalf (e.g. the `admin:create` command). */
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    /** Dotted action name: 'staff.invite', 'report.ban', 'credits.adjust', … */
    action: text('action').notNull(),
    siteId: integer('site_id'),
    userId: integer('user_id'),
    /** What else the action was about, as 'kind:id' (e.g. 'report:12', 'staff:3', 'payment:tr_x'). */
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
    index('audit_log_site_idx').on(t.siteId, t.at),
  ],
);
