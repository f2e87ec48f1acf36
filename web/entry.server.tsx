import { PassThrough, pipeline } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import type { i18n } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { createI18n } from '#common/i18n.ts';
import { LOCALES, type TLocale } from '#common/locales.ts';
import { appContext } from './lib/app-context.ts';
import { NonceContext } from './lib/nonce.ts';
import { scriptsAfterFirstPaint } from './lib/script-priority.server.ts';

/** Re-exported so the Fastify host sets the very context object the bundle reads. */
export { appContext };

export const streamTimeout = 5_000;

/**
 * A loader's or action's error goes to the process's JSON log (server/lib/logger.ts: a database error keeps its
 * SQLSTATE and the first words of its query, never parameters), not to the console as plain text. A request the
 * browser abandoned is not an error.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  (context as RouterContextProvider).get(appContext).services.log.error({ err: error }, 'page loader failed');
};

const catalogues = import.meta.glob<Record<string, unknown>>('../locales/*.json', { import: 'default', eager: true });
const instances = new Map<TLocale, i18n>(
  LOCALES.map((lng) => [lng, createI18n(lng, catalogues[`../locales/${lng}.json`] ?? {})]),
);

/** Renders a document request in the request's locale, with the CSP nonce on every script. */
// eslint-disable-next-line max-params -- React Router calls handleRequest with these five positional arguments.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { locale, nonce } = loadContext.get(appContext);
  const i18n = instances.get(locale)!;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          responseHeaders.set('Content-Language', locale);
          responseHeaders.set('Vary', 'Cookie');
          pipe(body);
          // The hydration scripts load after the first paint (issue 32); an aborted render ends this stream too.
          const html = pipeline(body, scriptsAfterFirstPaint(), () => undefined);
          resolve(
            new Response(createReadableStreamFromReadable(html), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.get(appContext).services.log.error({ err: error }, 'page render failed');
        },
      },
    );
  });
}
