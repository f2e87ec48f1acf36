import type { FastifyInstance } from 'fastify';
import type { TStaffActor } from '#common/staff.ts';
import { adminDashboardApi } from '#common/wire/admin/dashboard.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { assertSiteAccess, requireStaff, staffSiteFilter } from '#server/plugins/staff-auth.ts';
import type { TServices } from '#server/services.ts';

/** Companies and new sites concern every site: only staff limited to none may change them. */
function assertAllSites(staff: TStaffActor): void {
  if (staff.siteIds !== null) throw new AppError('forbidden');
}

/** Looks a thing's site up and checks the staff member may work on it (404 for an unknown id). */
async function assertThingSite(staff: TStaffActor, siteOf: Promise<number | null | undefined>): Promise<void> {
  const siteId = await siteOf;
  if (siteId === undefined || siteId === null) throw new AppError('not_found');
  assertSiteAccess(staff, siteId);
}

/** The console's company, sites, bundles and campaigns (admins) and its dashboard (issue 30). */
export async function siteAdminRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'siteAdmin' | 'priceAdmin' | 'dashboard'> },
) {
  const { siteAdmin, priceAdmin, dashboard } = services;

  route(app, adminSitesApi.companies, {}, async (request) => {
    requireStaff(request);
    return { companies: await siteAdmin.listCompanies() };
  });
  route(app, adminSitesApi.createCompany, {}, async (request) => {
    const staff = requireStaff(request);
    assertAllSites(staff);
    return siteAdmin.createCompany(staff.id, request.body);
  });
  route(app, adminSitesApi.updateCompany, {}, async (request) => {
    const staff = requireStaff(request);
    assertAllSites(staff);
    const { companyId, ...input } = request.body;
    return siteAdmin.updateCompany(staff.id, companyId, input);
  });

  route(app, adminSitesApi.list, {}, async (request) => {
    const staff = requireStaff(request);
    return { sites: await siteAdmin.listSites(staff.siteIds) };
  });
  route(app, adminSitesApi.create, {}, async (request) => {
    const staff = requireStaff(request);
    assertAllSites(staff);
    return siteAdmin.createSite(staff.id, request.body);
  });
  route(app, adminSitesApi.update, {}, async (request) => {
    const staff = requireStaff(request);
    assertSiteAccess(staff, request.body.siteId);
    return siteAdmin.updateSite(staff.id, request.body.siteId, request.body.patch);
  });

  route(app, adminSitesApi.bundles, {}, async (request) => {
    const staff = requireStaff(request);
    assertSiteAccess(staff, request.query.siteId);
    return { bundles: await priceAdmin.listBundles(request.query.siteId) };
  });
  route(app, adminSitesApi.createBundle, {}, async (request) => {
    const staff = requireStaff(request);
    assertSiteAccess(staff, request.body.siteId);
    return priceAdmin.createBundle(staff.id, request.body);
  });
  route(app, adminSitesApi.updateBundle, {}, async (request) => {
    const staff = requireStaff(request);
    const { bundleId, ...input } = request.body;
    assertSiteAccess(staff, input.siteId);
    await assertThingSite(staff, priceAdmin.bundleSite(bundleId));
    return priceAdmin.updateBundle(staff.id, bundleId, input);
  });

  route(app, adminSitesApi.campaigns, {}, async (request) => {
    const staff = requireStaff(request);
    return { campaigns: await priceAdmin.listCampaigns(staffSiteFilter(staff, request.query.siteId)) };
  });
  route(app, adminSitesApi.createCampaign, {}, async (request) => {
    const staff = requireStaff(request);
    assertSiteAccess(staff, request.body.siteId);
    return priceAdmin.createCampaign(staff.id, request.body);
  });
  route(app, adminSitesApi.updateCampaign, {}, async (request) => {
    const staff = requireStaff(request);
    const { campaignId, campaign } = request.body;
    assertSiteAccess(staff, campaign.siteId);
    await assertThingSite(staff, priceAdmin.campaignSite(campaignId));
    return priceAdmin.updateCampaign(staff.id, campaignId, campaign);
  });

  route(app, adminDashboardApi.series, {}, async (request) => {
    const staff = requireStaff(request);
    return dashboard.series(staffSiteFilter(staff, request.query.siteId));
  });
}
