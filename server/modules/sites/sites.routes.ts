import type { FastifyInstance } from 'fastify';
import { sitesApi } from '#common/wire/settings-api.ts';
import { route } from '#server/lib/route.ts';
import type { TServices } from '#server/services.ts';
import { buildCompanyInfo, buildSettings } from './settings.service.ts';

/** Site settings and company info (spec §3, §7). */
export async function sitesRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'sites' | 'vapid'> },
) {
  route(app, sitesApi.settings, {}, async (request) => {
    const site = request.query.domain ? await services.sites.resolve(request.query.domain) : request.site;
    return buildSettings(site, {
      locale: request.locale,
      geoCountry: request.geoCountry,
      chosenCountry: request.query.country ?? request.cookies.country,
      pushPublicKey: services.vapid.publicKey,
    });
  });

  route(app, sitesApi.companyInfo, {}, async (request) => buildCompanyInfo(request.site));
}
