import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { TServices } from '#server/services.ts';
import { censoredDir, mediaDir } from './photo-store.ts';

/** Cache lifetime of photo files: a year, never revalidated (their names change with their content). */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Serves processed photos (/media/) and their blurred variants (/cdn/) under random names, immutable for a year: a
 * name is never reused (a changed photo is a new upload under new random keys), so a cached file can never be stale.
 * Deleting a photo removes its files here at the origin at once; copies a CDN already holds stay until the operator
 * purges them, and a browser that showed the photo may keep its copy (nothing links to it any more).
 */
export async function mediaRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'config'> }) {
  for (const [root, prefix] of [
    [mediaDir(services.config.dataDir), '/media/'],
    [censoredDir(services.config.dataDir), '/cdn/'],
  ] as const) {
    await fs.mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix,
      decorateReply: false,
      index: false,
      list: false,
      dotfiles: 'deny',
      setHeaders: (reply) => {
        reply.header('cache-control', MEDIA_CACHE_CONTROL);
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  }
}
