import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_BODY_MAX } from '#common/constants.ts';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import { siteOrigin } from '../lib/site-origin.ts';
import { isPageRequest, sendErrorPage } from './errors.ts';
import type { TServices } from '../services.ts';
import type { TRequestContext } from '../web/request-context.ts';

const BUILD_DIR = path.resolve('build');
const NOT_HTML = /^\/(api|assets|media|cdn)\//;

/** Converts a Fastify request into a Web Request for React Router. */
function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // The body was read whole (and bounded) by the content type parser below; a POST without one has none.
  const body = request.body instanceof Buffer ? new Uint8Array(request.body) : undefined;
  return new Request(url, { method: request.method, headers, signal: controller.signal, body });
}

/** How long a page that failed waits to learn whether the database answers. */
const DATABASE_CHECK_MS = 1000;

/** Whether the database answers a ping within DATABASE_CHECK_MS. */
async function databaseAnswers(services: TServices): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  try {
    return await Promise.race([services.database.ping().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Hosts the server-rendered React Router app: hashed assets, public files and every page route. */
export async function webPlugin(app: FastifyInstance, { services }: { services: TServices }) {
  const serverFile = path.join(BUILD_DIR, 'server', 'index.js');
  if (!fs.existsSync(serverFile)) throw new Error('The web app is not built: run `npm run build` first.');
  const build = (await import(pathToFileURL(serverFile).href)) as ServerBuild & {
    entry: { module: { appContext: RouterContext<TRequestContext> } };
  };
  const appContext = build.entry.module.appContext;
  const handle = createRequestHandler(build, services.config.isProduction ? 'production' : 'development');
  const clientDir = path.join(BUILD_DIR, 'client');

  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    index: false,
    // The build wrote .br and .gz siblings (scripts/vite-precompress.ts): served as they are, never compressed here.
    preCompressed: true,
    setHeaders: (reply) => {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    index: false,
    preCompressed: true,
    // sw-push.js has its own route and caching (server/modules/notifications/push/sw-push.routes.ts).
    globIgnore: ['assets/**', '**/*.html', '**/*.br', '**/*.gz', 'sw-push.js*'],
  });

  // Browsers and crawlers ask for /favicon.ico whatever the page links; the site's icon is an SVG (a favicon.ico in
  // public/ would be served as a public file instead).
  if (!fs.existsSync(path.join(clientDir, 'favicon.ico'))) {
    const favicon = await fs.promises.readFile(path.join(clientDir, 'favicon.svg'));
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(favicon),
    );
  }

  // Encapsulated: React Router's actions read the body themselves (web/lib/form/form-input.server.ts: which content type,
  // which fields), so here it is only taken as bytes, of any type, up to PAGE_BODY_MAX: a larger one is a 413 before
  // anything is buffered past the limit (streamed through, a page POST had no size limit at all).
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: PAGE_BODY_MAX }, (_request, body, done) =>
      done(null, body),
    );
    pages.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (NOT_HTML.test(request.url)) return reply.callNotFound();
        const context = new RouterContextProvider();
        context.set(appContext, {
          services,
          site: request.site,
          locale: request.locale,
          geoCountry: request.geoCountry,
          nonce: reply.scriptNonce,
          cookies: request.cookies,
          user: request.user,
          staff: request.staff,
          accessBanned: request.accessBanned,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          origin: siteOrigin(request, services.config.publicUrl),
          secure: request.protocol === 'https',
        });
        const response = await handle(toWebRequest(request, reply), context);
        // A page that failed while the database is down gets the self-contained 503 page ("try again in a moment")
        // rather than the renderer's 500: React Router hides the loader's error, so the database is asked directly.
        if (response.status === 500 && isPageRequest(request) && !(await databaseAnswers(services))) {
          request.log.warn('page failed while the database is unavailable');
          return sendErrorPage(request, reply, { status: 503 });
        }
        reply.status(response.status);
        for (const [key, value] of response.headers) {
          if (key !== 'set-cookie') reply.header(key, value);
        }
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        // A member's page shows their messages and profile: no copy stays in the browser for the next person at a
        // shared computer (back button after logout) or in a proxy. Visitor pages keep what the route decided.
        if (request.user) reply.header('cache-control', 'no-store');
        if (!response.body) return reply.send();
        // A document is rendered whole before its first byte (onAllReady in entry.server.tsx), so nothing is gained by
        // streaming it: sent as one buffer it is compressed in one call with a Content-Length, instead of chunk by
        // chunk through the thread pool (measured: ~2 ms of CPU per page saved, docs/PERFORMANCE.md). Data requests
        // (`.data`, turbo-stream) may carry deferred values and stay streamed.
        if (response.headers.get('content-type')?.startsWith('text/html')) {
          return reply.send(Buffer.from(await response.arrayBuffer()));
        }
        return reply.send(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream));
      },
    });
  });
}
