import fs from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { TServices } from '#server/services.ts';
import { censoredDir, mediaDir } from './photo-store.ts';

/**
 * Serves processed photos (/media/) and their blurred variants (/cdn/) under random names. Cached for a day, not
 * for ever: a deleted photo must stop being served by browser and CDN caches soon after (purge the CDN to be sure).
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
        reply.header('cache-control', 'public, max-age=86400');
        reply.header('x-content-type-options', 'nosniff');
      },
    });
  }
}
