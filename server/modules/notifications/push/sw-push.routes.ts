import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

/** The worker as the client build copied it from public/, or the source itself when there is no build (API tests). */
const WORKER_FILES = [path.resolve('build', 'client', 'sw-push.js'), path.resolve('public', 'sw-push.js')];

/** Reads the first worker file that exists. */
async function readWorker(): Promise<Buffer> {
  for (const file of WORKER_FILES) {
    try {
      return await fs.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  throw new Error('sw-push.js is missing from build/client and public/');
}

/**
 * `GET /sw-push.js` (spec §7): the push service worker at the site root, allowed to control `/`. `no-cache`: the
 * browser revalidates it (ETag) on every registration update check, so a release replaces it at once; never the
 * immutable caching of the static files (web.ts leaves this file to this route).
 */
export async function swPushRoutes(app: FastifyInstance) {
  const body = await readWorker();
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

  app.get('/sw-push.js', { schema: { hide: true } }, async (request, reply) => {
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('service-worker-allowed', '/')
      .header('cache-control', 'no-cache')
      .header('etag', etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      return reply.status(304).send();
    }
    return reply.send(body);
  });
}
