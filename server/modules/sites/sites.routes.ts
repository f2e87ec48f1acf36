import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '../../../common/text.ts';
import { ZCompanyInfo, ZSettings } from '../../../common/wire/settings.ts';
import type { TServices } from '../../services.ts';
import { buildCompanyInfo, buildSettings } from './settings.service.ts';

const ZSettingsQuery = z
  .object({
    domain: zText().max(253).optional().describe('forced domain: settings of this site instead of the Host'),
    country: zText()
      .regex(/^[A-Za-z]{2}$/)
      .optional()
      .describe('selected country'),
  })
  .catchall(zText());

/** Site settings and company info (spec §3, §7). */
export async function sitesRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/settings.php',
    {
      schema: {
        tags: ['site'],
        summary: 'Site-wide settings for the request host or the forced domain',
        querystring: ZSettingsQuery,
        response: { 200: ZSettings },
      },
    },
    async (request) => {
      const site = request.query.domain ? await services.sites.resolve(request.query.domain) : request.site;
      return buildSettings(site, {
        locale: request.locale,
        geoCountry: request.geoCountry,
        chosenCountry: request.query.country ?? request.cookies.country,
        pushPublicKey: services.vapid.publicKey,
      });
    },
  );

  r.get(
    '/api/companyinfo.php',
    { schema: { tags: ['site'], summary: 'The company operating the site', response: { 200: ZCompanyInfo } } },
    async (request) => buildCompanyInfo(request.site),
  );
}
