import type { TStaffActor } from '#common/staff.ts';
import { AppError } from '#server/lib/app-error.ts';

/** Throws forbidden unless the staff member may act on the site (site-limited staff on their sites only). */
export function assertStaffSite(actor: TStaffActor, siteId: number | null): void {
  if (actor.siteIds === null) return;
  if (siteId === null || !actor.siteIds.includes(siteId)) throw new AppError('forbidden');
}

/** The sites a list may show: the one asked for (when allowed), else every site the staff member may see (null: all). */
export function listedSites(actor: TStaffActor, siteId: number | undefined): number[] | null {
  if (siteId === undefined) return actor.siteIds;
  assertStaffSite(actor, siteId);
  return [siteId];
}
