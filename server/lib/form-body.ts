import type { FastifyInstance } from 'fastify';

/** Parses application/x-www-form-urlencoded bodies into plain objects, in the calling plugin's scope only. */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}
