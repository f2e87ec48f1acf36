import { ADMIN_ROUTES, type TAdminPageName } from '#common/routes.ts';
import type { TStaffAccess } from '#common/staff.ts';
import { MEMBER_ACTION_ROLES } from '#common/wire/admin/members.ts';
import { PAYMENT_ACTION_ROLES } from '#common/wire/admin/payments.ts';

/** A console section in the navigation: its page, its label key (`admin:nav.…`) and who may open it. */
export interface TAdminSection {
  page: TAdminPageName;
  label: string;
  access: TStaffAccess;
}

/** The console's sections in navigation order; the server checks the same roles on every call the page makes. */
export const ADMIN_SECTIONS: TAdminSection[] = [
  { page: 'admin', label: 'nav.home', access: { roles: 'any' } },
  { page: 'admin-dashboard', label: 'dashboard.nav', access: { roles: ['admin', 'support', 'moderator'] } },
  { page: 'admin-sites', label: 'sites.nav', access: { roles: ['admin'] } },
  { page: 'admin-members', label: 'members.nav', access: { roles: MEMBER_ACTION_ROLES.lookUp } },
  { page: 'admin-payments', label: 'payments.nav', access: { roles: PAYMENT_ACTION_ROLES } },
  { page: 'admin-staff', label: 'nav.staff', access: { roles: [] } },
  { page: 'admin-audit', label: 'nav.audit', access: { roles: [] } },
  { page: 'admin-ops', label: 'ops.nav', access: { roles: ['admin', 'support'] } },
  { page: 'admin-moderation', label: 'moderation.nav', access: { roles: ['moderator'] } },
  { page: 'admin-moderation-photos', label: 'moderation.photos_nav', access: { roles: ['moderator'] } },
  { page: 'admin-moderation-complaints', label: 'moderation.complaints_nav', access: { roles: ['moderator'] } },
  { page: 'admin-hosts', label: 'hosts.nav_inbox', access: { roles: ['host'] } },
  { page: 'admin-hosts-profiles', label: 'hosts.nav_profiles', access: { roles: ['host', 'admin'] } },
];

/** The section a path belongs to (the longest matching page path). */
export function sectionOf(pathname: string): TAdminSection | undefined {
  return ADMIN_SECTIONS.filter(
    (s) => pathname === ADMIN_ROUTES[s.page] || pathname.startsWith(`${ADMIN_ROUTES[s.page]}/`),
  ).sort((a, b) => ADMIN_ROUTES[b.page].length - ADMIN_ROUTES[a.page].length)[0];
}
