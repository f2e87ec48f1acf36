import type { TCore } from '#server/core.ts';
import { createDashboardService } from '../modules/dashboard/dashboard.service.ts';
import { createPriceAdminService } from '../modules/payments/price-admin.service.ts';
import { recordAudit } from '../modules/staff/audit.repository.ts';
import { createSiteAdminService } from '../modules/sites/site-admin.service.ts';
import type { TSitesService } from '../modules/sites/sites.service.ts';

/**
 * The console's sites, company and prices and its dashboard (issue 30): every change is recorded in the audit log in
 * its transaction; site changes drop this process's site cache.
 */
export function createSiteAdminArea(core: TCore, deps: { sites: TSitesService }) {
  return {
    siteAdmin: createSiteAdminService(core, { sites: deps.sites, audit: recordAudit }),
    priceAdmin: createPriceAdminService(core, { audit: recordAudit, siteById: (id) => deps.sites.byId(id) }),
    dashboard: createDashboardService(core),
  };
}
