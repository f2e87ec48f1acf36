import { type ReactNode, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { ErrorView, errorStatus } from './shell/error-view.tsx';
import { NetworkStatus } from './shell/network-status.tsx';
import { ProgressBar } from './shell/progress-bar.tsx';
import { usePlatformEffects } from './shell/use-platform-effects.ts';
import { useRootData } from './lib/use-root-data.ts';
import { useMemberSync } from './features/realtime/member-sync.ts';
import { appContext } from './lib/app-context.ts';
import { url } from './lib/url.ts';
import { useNonce } from './lib/nonce.ts';
import { useHydrated } from './lib/use-hydrated.ts';
import { buildRootData } from './lib/root-data.server.ts';
import { HIDDEN_ALERTS_SCRIPT } from './shell/hidden-alerts-script.ts';
import { navCounts } from './shell/nav-counts.server.ts';
import { requireAcceptedTerms } from './features/privacy/terms-gate.server.ts';
import type { TRootData } from './lib/root-data.ts';
import openSans400 from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import openSans700 from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';
// The stylesheet is a React resource (precedence): React puts it at the head of the document, before the ~50 module
// preloads <Scripts> hoists there, so the phone fetches what blocks the first paint first (issue 32).
import appCss from './styles/app.scss?url';

/**
 * The first screen's two faces load with the stylesheet instead of after it (issue 32); latin-ext loads only where a
 * page has its letters (unicode-range).
 */
export const links: Route.LinksFunction = () =>
  [openSans400, openSans700].map((href) => ({
    rel: 'preload',
    as: 'font',
    type: 'font/woff2',
    href,
    crossOrigin: 'anonymous' as const,
  }));

/** Resolves site, locale and user once per request (ARCHITECTURE §1b). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = context.get(appContext);
  // A browser whose session a ban or suspension ended sees the access-ban page first (issue 30).
  // (A client navigation asks for `/pages/ban.data`: the same page.)
  const path = new URL(request.url).pathname.replace(/\.data$/, '');
  if (ctx.accessBanned && path !== url('pages-ban')) throw redirect(url('pages-ban'));
  // A member asked to accept new terms (or to answer the orientation question) sees that first.
  await requireAcceptedTerms(ctx, request);
  const [counts, timeBonus] = await Promise.all([
    navCounts(ctx),
    // The welcome countdown's banner is rendered with the page instead of appearing after it (issue 32).
    ctx.user && !ctx.user.paid_user ? ctx.services.discounts.timeBonus(ctx.user.id) : null,
  ]);
  return { ...buildRootData(ctx), counts, timeBonus };
}

/** Only a language change (cookie) or a mutation needs the root data again. */
export function shouldRevalidate({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== 'GET') return true;
  // The access-ban page is where a banned member's session ends (a redirect from any page once moderators acted):
  // the root data is read again there, so the page shows the visitor's view.
  if (nextUrl.pathname === url('pages-ban') && currentUrl.pathname !== nextUrl.pathname) return true;
  if (currentUrl.pathname !== nextUrl.pathname || currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}

/** The HTML document: server-rendered in the request's language. */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData('root') as TRootData | undefined;
  const nonce = useNonce();
  const isHydrated = useHydrated();
  useEffect(() => {
    // <html data-hydrated="true">: every control is live. Set in an effect of the outermost component once its
    // hydrated render committed, i.e. after the controls waiting for hydration re-rendered enabled; journeys wait
    // for it (e2e/helpers.ts waitForHydration) instead of guessing from network silence.
    if (!isHydrated) return;
    document.documentElement.dataset.hydrated = 'true';
    // What the page loaded before it was interactive is measured up to this mark (bench/page-js.ts).
    performance.mark('amora:hydrated');
  }, [isHydrated]);
  return (
    // The head script below marks <html> with the dismissed banners before React hydrates it.
    <html lang={data?.locale ?? 'en'} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#e8173f" />
        {data ? <meta name="description" content={data.site.description} /> : null}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="stylesheet" href={appCss} precedence="default" />
        <Meta />
        <Links />
        {/* Before the first paint, so a dismissed banner never shows (issue 32). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HIDDEN_ALERTS_SCRIPT }} />
      </head>
      <body>
        <ProgressBar />
        {children}
        <NetworkStatus />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  usePlatformEffects();
  const user = useRootData()?.user;
  // Here rather than in a layout, so the socket survives moving between layouts.
  useMemberSync(user?.profile.id, user?.credits);
  return <Outlet />;
}

/** Last-resort error page when even the layouts fail (spec §2 error page). */
export function ErrorBoundary() {
  const error = useRouteError();
  return <ErrorView status={errorStatus(error)} error={error} />;
}
