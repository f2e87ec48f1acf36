import type { FastifyInstance } from 'fastify';
import { dataExportApi } from '#common/wire/data-export.ts';
import { route } from '#server/lib/route.ts';
import { siteOrigin } from '#server/lib/site-origin.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';
import { pageUrl } from '#common/routes.ts';

/**
 * "Download my data": the member's newest export, a new request (origin-checked like every API POST), and the
 * download of a ready archive, for its owner only.
 */
export async function dataExportRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'dataExport' | 'config'> },
) {
  const { dataExport } = services;

  route(app, dataExportApi.latest, {}, async (request) => ({
    export: await dataExport.latest(requireUser(request).id),
  }));

  route(app, dataExportApi.request, {}, async (request) => {
    const user = requireUser(request);
    const link = `${pageUrl(siteOrigin(request, services.config.publicUrl), 'settings')}#data-export`;
    return { export: await dataExport.request(user.id, request.site, link) };
  });

  route(app, dataExportApi.download, {}, async (request, reply) => {
    const user = requireUser(request);
    const file = await dataExport.openDownload(user.id, request.query.id);
    const name = `amora-data-${file.readyAt.toISOString().slice(0, 10)}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(file.stream);
  });
}
