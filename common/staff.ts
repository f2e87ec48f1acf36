/** Roles of operator staff (issue 30); `owner` may do everything and manages staff. */
export const STAFF_ROLES = ['owner', 'admin', 'moderator', 'support', 'host'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];

/** invited: the enrolment link was not used yet; disabled: can no longer log in (sessions ended). */
export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type TStaffStatus = (typeof STAFF_STATUSES)[number];

/** Who a console request acts as: role and the sites they are limited to (null = every site). */
export interface TStaffActor {
  id: number;
  role: TStaffRole;
  siteIds: number[] | null;
}

/**
 * Who may call a console endpoint: a list of roles (owner is always allowed), `'any'` for every logged-in staff
 * member, `'public'` for the login steps (no session yet).
 */
export type TStaffAccess = { roles: readonly TStaffRole[] | 'any' | 'public' };

/** Whether a role may call an endpoint declared with `access`. */
export function roleAllowed(role: TStaffRole, access: TStaffAccess): boolean {
  if (access.roles === 'public' || access.roles === 'any') return true;
  return role === 'owner' || access.roles.includes(role);
}

/** A console session ends after this long without a request (issue 30: 12 h idle). */
export const STAFF_IDLE_MS = 12 * 60 * 60 * 1000;

/** How long a login's code step or an enrolment's QR step may take after the password step. */
export const STAFF_TICKET_MS = 10 * 60 * 1000;

/** How long an enrolment link printed by `admin:create` or made by an owner stays usable. */
export const STAFF_ENROL_MS = 7 * 24 * 60 * 60 * 1000;

/** Recovery codes made at enrolment (each works once, instead of a TOTP code). */
export const STAFF_RECOVERY_CODES = 10;

/** The console session cookie (HttpOnly, SameSite=Strict, path /). */
export const STAFF_COOKIE = 'amora_staff';
