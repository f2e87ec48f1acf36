import type { FastifyInstance, FastifyReply } from 'fastify';
import { serverT } from '#server/lib/i18n.ts';
import type { TServices } from '#server/services.ts';
import { pagePath } from '#common/routes.ts';

/** The buttons of the unsubscribe page's form (web/pages/unsubscribe). */
const PAGE_ACTIONS = ['unsubscribe', 'unsubscribe_all', 'undo', 'undo_all'] as const;

/** A form body, url-encoded or multipart (RFC 8058 allows both), as plain string fields. */
async function parseForm(contentType: string, body: Buffer): Promise<Record<string, string>> {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') fields[key] = value;
  return fields;
}

/** Tells a browser to show the unsubscribe page again (POST, then redirect, then GET: a reload posts nothing). */
function backToPage(reply: FastifyReply, token: string, query: Record<string, string>) {
  const params = new URLSearchParams({ token, ...query });
  return reply
    .status(303)
    .header('cache-control', 'no-store')
    .redirect(`${pagePath('unsubscribe')}?${params}`);
}

/**
 * `POST /unsubscribe?token=…`: the RFC 8058 one-click unsubscribe mail providers send from their own servers
 * (body `List-Unsubscribe=One-Click`, no cookie, any Origin), and the buttons of the unsubscribe page, which works
 * without JavaScript. The signed token is the only authority (no session is used), so a cross-site request can do no
 * more than its holder; that is why this lives outside React Router, whose actions refuse a foreign Origin.
 */
export async function unsubscribeRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'emailStatus'> },
) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'buffer', bodyLimit: 8 * 1024 },
      (request, body, done) => {
        parseForm(request.headers['content-type'] ?? '', body as Buffer).then(
          (fields) => done(null, fields),
          () => done(null, {}),
        );
      },
    );
    scope.post(
      pagePath('unsubscribe'),
      { schema: { hide: true }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } }, compress: false },
      async (request, reply) => {
        const query = request.query as Record<string, unknown>;
        const fields = (request.body ?? {}) as Record<string, string>;
        const token = String(query.token ?? fields.token ?? '');
        const { emailStatus } = services;
        if (fields['List-Unsubscribe'] === 'One-Click') {
          const t = serverT(request.locale ?? 'en');
          const result = await emailStatus.unsubscribe(token);
          reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
          if (!result) return reply.status(400).send(t('unsubscribe.invalid.title'));
          return reply.status(200).send(t('unsubscribe.done.title'));
        }
        const action = PAGE_ACTIONS.find((a) => a === fields.action);
        if (!action) return backToPage(reply, token, {});
        const wide = action.endsWith('_all');
        const result = action.startsWith('undo')
          ? await emailStatus.undo(token, wide, { locale: request.locale ?? 'en', ip: request.ip })
          : await emailStatus.unsubscribe(token, wide);
        const state: Record<string, string> = wide ? { all: '1' } : {};
        if (result && action.startsWith('undo')) state.undone = '1';
        return backToPage(reply, token, state);
      },
    );
  });
}
