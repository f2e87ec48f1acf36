import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZDataExportDownloadQuery, ZDataExportResponse } from '../../../common/wire/data-export.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';
import { pageUrl } from '../../../common/routes.ts';

/**
 * "Download my data" (issue 23 §3): the member's newest export, a new request (origin-checked like every API POST),
 * and the download of a ready archive, for its owner only.
 */
export async function dataExportRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { dataExport } = services;

  r.get(
    '/api/data-export.php',
    {
      schema: {
        tags: ['privacy'],
        summary: "The member's newest data export and its state",
        response: { 200: ZDataExportResponse },
      },
    },
    async (request) => ({ export: await dataExport.latest(requireUser(request).id) }),
  );

  r.post(
    '/api/data-export.php',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Ask for an archive of all my data (one at a time, 3 a day); an email says when it is ready',
        response: { 200: ZDataExportResponse },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const link = `${pageUrl(siteOrigin(request, services.config.publicUrl), 'settings')}#data-export`;
      return { export: await dataExport.request(user.id, request.site, link) };
    },
  );

  r.get(
    '/api/data-export-download.php',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Download a ready data archive (ZIP); 404 unless it is mine and not expired',
        querystring: ZDataExportDownloadQuery,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await dataExport.openDownload(user.id, request.query.id);
      const name = `amora-data-${file.readyAt.toISOString().slice(0, 10)}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(file.stream);
    },
  );
}
