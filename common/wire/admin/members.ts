import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { ZCreditAdjustment, ZMemberSearch } from '#common/member-admin.ts';
import type { TStaffRole } from '#common/staff.ts';
import { ZAuditEntry } from './staff.ts';

/** Who may do what to a member in the console (owner always may): look-up, emails, sessions, money, deletion. */
export const MEMBER_ACTION_ROLES = {
  lookUp: ['support', 'admin', 'moderator'],
  emails: ['support', 'admin'],
  endSessions: ['support', 'admin'],
  adjustCredits: ['admin'],
  directDebit: ['support', 'admin'],
  invisible: ['support', 'admin'],
  unhide: ['moderator', 'admin'],
  delete: [],
} as const satisfies Record<string, readonly TStaffRole[]>;

const ZTime = z.string();
const ZUserId = z.object({ userId: z.coerce.number().int().positive() });

export const ZMemberRow = z.object({
  userId: z.number(),
  profileId: z.number(),
  siteId: z.number(),
  email: z.string(),
  name: z.string(),
  status: z.string(),
  emailConfirmed: z.boolean(),
  credits: z.number(),
  paidUser: z.boolean(),
  invisible: z.boolean(),
  signupDate: ZTime,
  lastLoginAt: ZTime.nullable(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;

/** A page of a list and how many match (exact up to the cap; `more`: past it). */
export const ZPageOf = <T extends z.ZodType>(row: T) =>
  z.object({ rows: z.array(row), total: z.number(), more: z.boolean() });

export const ZPaymentRow = z.object({
  id: z.string(),
  userId: z.number(),
  credits: z.number(),
  amountMinor: z.number(),
  currency: z.string(),
  method: z.string(),
  provider: z.string(),
  status: z.string(),
  createdAt: ZTime,
  paidAt: ZTime.nullable(),
});

/** The long lists of a member's page: each comes newest first, a page at a time, with its total. */
export const MEMBER_LISTS = ['ledger', 'payments', 'sessions', 'notifications', 'reports', 'audit'] as const;
export type TMemberList = (typeof MEMBER_LISTS)[number];
/** Rows of each long list the member's page loads at once (and per "show more"), so a long history opens fast. */
export const MEMBER_LIST_PAGE = 20;

/** A page of one of the member's lists and how many rows it has in all. */
const ZListPage = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number() });

export const ZMemberLists = z.object({
  ledger: ZListPage(
    z.object({ id: z.number(), delta: z.number(), reason: z.string(), ref: z.string().nullable(), createdAt: ZTime }),
  ),
  payments: ZListPage(ZPaymentRow),
  sessions: ZListPage(
    z.object({
      id: z.string(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      device: z.string().nullable(),
      country: z.string().nullable(),
      createdAt: ZTime,
      lastSeenAt: ZTime.nullable(),
    }),
  ),
  notifications: ZListPage(
    z.object({
      id: z.number(),
      kind: z.string(),
      channel: z.string(),
      status: z.string(),
      reason: z.string().nullable(),
      createdAt: ZTime,
      sentAt: ZTime.nullable(),
    }),
  ),
  reports: ZListPage(
    z.object({
      id: z.number(),
      reporterProfileId: z.number(),
      profileId: z.number(),
      reason: z.string(),
      status: z.string(),
      createdAt: ZTime,
    }),
  ),
  audit: ZListPage(ZAuditEntry),
});
export type TMemberLists = z.infer<typeof ZMemberLists>;

export const ZMemberFile = ZMemberLists.extend({
  account: z.object({
    userId: z.number(),
    siteId: z.number(),
    profileId: z.number(),
    email: z.string(),
    emailConfirmed: z.boolean(),
    status: z.string(),
    locale: z.string(),
    credits: z.number(),
    paidUser: z.boolean(),
    directDebitBlocked: z.boolean(),
    invisible: z.boolean(),
    emailDisabledReason: z.string().nullable(),
    signupDate: ZTime,
    deletedAt: ZTime.nullable(),
    deleteReason: z.string().nullable(),
    lastLoginAt: ZTime.nullable(),
    profile: z.object({
      name: z.string(),
      gender: z.string(),
      birthDate: z.string(),
      country: z.string(),
      city: z.string(),
      aboutMe: z.string(),
      status: z.string(),
      niches: z.array(z.number()),
      isFictional: z.boolean(),
    }),
  }),
  photos: z.array(z.object({ id: z.string(), isMain: z.boolean(), createdAt: ZTime, thumb: z.string() })),
  consents: z.array(z.object({ kind: z.string(), version: z.string(), givenAt: ZTime, withdrawnAt: ZTime.nullable() })),
  devices: z.array(
    z.object({
      id: z.number(),
      service: z.string(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      device: z.string().nullable(),
      createdAt: ZTime,
      lastSuccessAt: ZTime.nullable(),
    }),
  ),
});
export type TMemberFile = z.infer<typeof ZMemberFile>;

const member = <B extends z.ZodType>([path, summary, roles, body]: [string, string, readonly TStaffRole[], B]) =>
  defineEndpoint({
    method: 'POST',
    path: `/api/admin/members/${path}`,
    tags: ['console'],
    summary,
    body,
    response: null,
    staff: { roles },
  });

/** The console's member look-up and the actions on a member. */
export const adminMembersApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/search',
    tags: ['console'],
    summary: 'Members by email, name, profile id or payment id; filtered, sorted and paged',
    query: ZMemberSearch,
    response: ZPageOf(ZMemberRow),
    staff: { roles: MEMBER_ACTION_ROLES.lookUp },
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/view',
    tags: ['console'],
    summary: "A member's page: account, profile, photos, consents, ledger, payments, sessions, reports, audit",
    query: ZUserId,
    response: ZMemberFile,
    staff: { roles: MEMBER_ACTION_ROLES.lookUp },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/members/list',
    tags: ['console'],
    summary: "More rows of one list of a member's page (ledger, payments, sessions, notifications, reports, audit)",
    query: ZUserId.extend({
      list: z.enum(MEMBER_LISTS),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
    }),
    response: ZMemberLists.partial(),
    staff: { roles: MEMBER_ACTION_ROLES.lookUp },
  }),
  resendActivation: member(['resend-activation', 'Send a new activation link', MEMBER_ACTION_ROLES.emails, ZUserId]),
  sendResetLink: member(['reset-link', 'Send a password reset link', MEMBER_ACTION_ROLES.emails, ZUserId]),
  endSessions: member(['end-sessions', 'End every session', MEMBER_ACTION_ROLES.endSessions, ZUserId]),
  adjustCredits: member([
    'adjust-credits',
    'Add or take credits (a ledger row; the reason is audited)',
    MEMBER_ACTION_ROLES.adjustCredits,
    ZUserId.extend(ZCreditAdjustment.shape),
  ]),
  liftDirectDebitBlock: member([
    'lift-direct-debit-block',
    'Offer direct debit again',
    MEMBER_ACTION_ROLES.directDebit,
    ZUserId,
  ]),
  setInvisible: member([
    'invisible',
    'Hide the member from lists, or show them again',
    MEMBER_ACTION_ROLES.invisible,
    ZUserId.extend({ invisible: z.boolean() }),
  ]),
  unhideProfile: member([
    'unhide',
    'Show a profile a report decision hid again (profile status back to active)',
    MEMBER_ACTION_ROLES.unhide,
    ZUserId,
  ]),
  delete: member([
    'delete',
    'Delete the account (14-day grace, then the purge)',
    MEMBER_ACTION_ROLES.delete,
    ZUserId.extend({ reason: z.string().trim().min(3).max(200) }),
  ]),
};
