import { defineEndpoint } from '../endpoint.ts';
import { ZCompanyInfo, ZInterestList, ZRegionList, ZSettings, ZSettingsQuery } from './settings.ts';

// The endpoints apart from the schemas: the browser takes the endpoints without their schemas (issue 32), and a
// module is what bundles split by, so the schemas the console uses do not travel with every page that reads settings.

/** Site settings and company info (spec §3, §7). */
export const sitesApi = {
  settings: defineEndpoint({
    method: 'GET',
    path: '/api/settings.php',
    tags: ['site'],
    summary: 'Site-wide settings for the request host or the forced domain',
    query: ZSettingsQuery,
    response: ZSettings,
  }),
  companyInfo: defineEndpoint({
    method: 'GET',
    path: '/api/companyinfo.php',
    tags: ['site'],
    summary: 'The company operating the site',
    response: ZCompanyInfo,
  }),
};

/** Reference data loaded once and cached by clients (spec §7). */
export const referenceApi = {
  interests: defineEndpoint({
    method: 'GET',
    path: '/api/interests.php',
    tags: ['reference'],
    summary: 'The 50 interests with icons',
    response: ZInterestList,
  }),
  regions: defineEndpoint({
    method: 'GET',
    path: '/api/regions.php',
    tags: ['reference'],
    summary: 'Regions of the served countries with their region label',
    response: ZRegionList,
  }),
};
