import type { TStaffActor } from '#common/staff.ts';
import { AppError } from '#server/lib/app-error.ts';
import { assertSiteAccess, staffSiteFilter } from '#server/plugins/staff-auth.ts';

/**
 * Throws forbidden unless the staff member may act on the site; a fictional profile shared by every site (no site of
 * its own) is for staff who are not limited to some sites.
 */
export function assertStaffSite(actor: TStaffActor, siteId: number | null): void {
  if (siteId !== null) assertSiteAccess(actor, siteId);
  else if (actor.siteIds !== null) throw new AppError('forbidden');
}

/** The sites a list may show: the one asked for (when allowed), else every site the staff member may see (null: all). */
export const listedSites = (actor: TStaffActor, siteId: number | undefined) => staffSiteFilter(actor, siteId);
