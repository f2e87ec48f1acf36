import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { TServices } from '../../services.ts';

/** Folder holding processed photos under unguessable names. */
export function mediaDir(dataDir: string): string {
  return path.join(dataDir, 'media');
}

/** Serves processed photos; names are random keys, so they may be cached for a long time. */
export async function mediaRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const root = mediaDir(services.config.dataDir);
  await fs.mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
}
