import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { STAFF_ROLES, STAFF_STATUSES } from '#common/staff.ts';

const ZRole = z.enum(STAFF_ROLES);
const ZEmail = z.string().trim().toLowerCase().email().max(254);

/** The password step's answer: type the authenticator code next, or set the authenticator up first (QR code). */
export const ZStaffLoginStep = z.discriminatedUnion('step', [
  z.object({ step: z.literal('code'), ticket: z.string() }),
  z.object({
    step: z.literal('enrol'),
    ticket: z.string(),
    secret: z.string(),
    otpauthUrl: z.string(),
    qrSvg: z.string(),
  }),
]);
export type TStaffLoginStep = z.infer<typeof ZStaffLoginStep>;

/** A site as the console's pickers show it. */
export const ZSiteOption = z.object({ id: z.number(), name: z.string(), domain: z.string() });
export type TSiteOption = z.infer<typeof ZSiteOption>;

/** The logged-in staff member and the sites they may work on. */
export const ZStaffMe = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: ZRole,
  /** Null: every site. */
  siteIds: z.array(z.number()).nullable(),
  sites: z.array(ZSiteOption),
});
export type TStaffMeAnswer = z.infer<typeof ZStaffMe>;

export const ZStaffListItem = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  role: ZRole,
  status: z.enum(STAFF_STATUSES),
  siteIds: z.array(z.number()),
  twoFactor: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type TStaffListItem = z.infer<typeof ZStaffListItem>;

export const ZAuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  staffId: z.number().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  siteId: z.number().nullable(),
  userId: z.number().nullable(),
  subject: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const AUDIT_PAGE = 50;

/** Console login and enrolment, the staff list (owners) and the audit log (owners). */
export const adminStaffApi = {
  login: defineEndpoint({
    method: 'POST',
    path: '/api/admin/login',
    tags: ['console'],
    summary: 'Console login, password step',
    body: z.object({ email: ZEmail, password: z.string().min(1).max(200) }),
    response: ZStaffLoginStep,
    staff: { roles: 'public' },
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/api/admin/verify',
    tags: ['console'],
    summary: 'Console login, authenticator or recovery code step',
    body: z.object({ ticket: z.string().min(1).max(100), code: z.string().trim().min(6).max(20) }),
    response: z.object({ staff: ZStaffMe, recoveryCodes: z.array(z.string()).nullable() }),
    staff: { roles: 'public' },
  }),
  enrolment: defineEndpoint({
    method: 'GET',
    path: '/api/admin/enrolment',
    tags: ['console'],
    summary: 'Who an enrolment link is for (changes nothing)',
    query: z.object({ token: z.string().min(1).max(100) }),
    response: z.object({ email: z.string(), name: z.string(), role: ZRole }),
    staff: { roles: 'public' },
  }),
  enrol: defineEndpoint({
    method: 'POST',
    path: '/api/admin/enrol',
    tags: ['console'],
    summary: 'Set the password of an enrolment link, then set up the authenticator',
    body: z.object({ token: z.string().min(1).max(100), password: z.string().min(12).max(200) }),
    response: ZStaffLoginStep,
    staff: { roles: 'public' },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/admin/logout',
    tags: ['console'],
    summary: 'End the console session',
    response: null,
    staff: { roles: 'any' },
  }),
  me: defineEndpoint({
    method: 'GET',
    path: '/api/admin/me',
    tags: ['console'],
    summary: 'The logged-in staff member and their sites',
    response: ZStaffMe,
    staff: { roles: 'any' },
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/staff/list',
    tags: ['console'],
    summary: 'Every staff member (owners)',
    response: z.object({ staff: z.array(ZStaffListItem) }),
    staff: { roles: [] },
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/invite',
    tags: ['console'],
    summary: 'Invite a staff member: answers the one-time enrolment token (owners)',
    body: z.object({
      email: ZEmail,
      name: z.string().trim().min(1).max(100),
      role: ZRole,
      siteIds: z.array(z.number().int().positive()).max(500),
    }),
    response: z.object({ id: z.number(), enrolToken: z.string() }),
    status: 201,
    staff: { roles: [] },
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/update',
    tags: ['console'],
    summary: "Change a staff member's role, sites or status (owners)",
    body: z.object({
      staffId: z.number().int().positive(),
      role: ZRole,
      siteIds: z.array(z.number().int().positive()).max(500),
      status: z.enum(['active', 'disabled']),
    }),
    response: null,
    staff: { roles: [] },
  }),
  resetAccess: defineEndpoint({
    method: 'POST',
    path: '/api/admin/staff/reset-access',
    tags: ['console'],
    summary: "Reset a staff member's password and authenticator: answers a new enrolment token (owners)",
    body: z.object({ staffId: z.number().int().positive() }),
    response: z.object({ enrolToken: z.string() }),
    staff: { roles: [] },
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: '/api/admin/audit',
    tags: ['console'],
    summary: 'The audit log, newest first, filtered (owners)',
    query: z.object({
      staffId: z.coerce.number().int().positive().optional(),
      action: z.string().max(60).optional(),
      siteId: z.coerce.number().int().positive().optional(),
      userId: z.coerce.number().int().positive().optional(),
      before: z.coerce.number().int().positive().optional(),
    }),
    response: z.object({ entries: z.array(ZAuditEntry), nextBefore: z.number().nullable() }),
    staff: { roles: [] },
  }),
};
