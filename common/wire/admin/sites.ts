import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { ZBundle, ZBundleInput, ZCampaign, ZCampaignInput } from '#common/price-fields.ts';
import { ZCompany, ZCompanyInput, ZSiteInput, ZSitePatch, ZSiteSettings } from '#common/site-fields.ts';

const ADMIN = { roles: ['admin'] } as const;
const ZId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The operating company, the sites and their prices (issue 30), for admins (owners always). Site-limited admins see
 * and change only their sites; companies and new sites need an admin of every site.
 */
export const adminSitesApi = {
  companies: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sites/companies',
    tags: ['console'],
    summary: 'The operating companies',
    response: z.object({ companies: z.array(ZCompany) }),
    staff: ADMIN,
  }),
  createCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/company-create',
    tags: ['console'],
    summary: 'Create the operating company (first-run setup)',
    body: ZCompanyInput,
    response: ZCompany,
    staff: ADMIN,
  }),
  updateCompany: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/company-update',
    tags: ['console'],
    summary: "Change a company's details",
    body: ZCompanyInput.extend({ companyId: ZId }),
    response: ZCompany,
    staff: ADMIN,
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sites/list',
    tags: ['console'],
    summary: 'The sites with their settings',
    response: z.object({ sites: z.array(ZSiteSettings) }),
    staff: ADMIN,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/create',
    tags: ['console'],
    summary: 'Create a site (the first one becomes the default site)',
    body: ZSiteInput,
    response: ZSiteSettings,
    staff: ADMIN,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/update',
    tags: ['console'],
    summary: "Change some of a site's settings (every process within 30 s)",
    body: z.object({ siteId: ZId, patch: ZSitePatch }),
    response: ZSiteSettings,
    staff: ADMIN,
  }),
  bundles: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sites/bundles',
    tags: ['console'],
    summary: "A site's credit bundles per country",
    query: z.object({ siteId: ZId }),
    response: z.object({ bundles: z.array(ZBundle) }),
    staff: ADMIN,
  }),
  createBundle: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/bundle-create',
    tags: ['console'],
    summary: 'Add a credit bundle (checked against minimum_message_costs)',
    body: ZBundleInput,
    response: ZBundle,
    staff: ADMIN,
  }),
  updateBundle: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/bundle-update',
    tags: ['console'],
    summary: 'Change a credit bundle or take it off sale',
    body: ZBundleInput.extend({ bundleId: ZId }),
    response: ZBundle,
    staff: ADMIN,
  }),
  campaigns: defineEndpoint({
    method: 'GET',
    path: '/api/admin/sites/campaigns',
    tags: ['console'],
    summary: 'Discount campaigns with their use counts',
    query: z.object({ siteId: ZId.optional() }),
    response: z.object({ campaigns: z.array(ZCampaign) }),
    staff: ADMIN,
  }),
  createCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/campaign-create',
    tags: ['console'],
    summary: 'Start a discount campaign',
    body: ZCampaignInput,
    response: ZCampaign,
    staff: ADMIN,
  }),
  updateCampaign: defineEndpoint({
    method: 'POST',
    path: '/api/admin/sites/campaign-update',
    tags: ['console'],
    summary: 'Change or stop a discount campaign',
    body: z.object({ campaignId: ZId, campaign: ZCampaignInput }),
    response: ZCampaign,
    staff: ADMIN,
  }),
};
