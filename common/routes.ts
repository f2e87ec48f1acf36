/**
 * Every page's path by route name (the spec's names, shared/ROUTES.md): `web/routes.ts` registers the pages from it,
 * the web builds its links with `url()` and the server its emailed, push and payment-return links with `pageUrl()`.
 * A hand-typed page path anywhere else fails `npm run lint` (`amora/no-page-path` in eslint.config.js).
 */
export const PAGE_ROUTES = {
  index: '/',
  members: '/members',
  'members-id': '/members/:id',
  'likes-m-id': '/likes/m/:id',
  chats: '/chats',
  'chats-id': '/chats/:id',
  likes: '/likes',
  'likes-type': '/likes/:type',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  transactions: '/transactions/:id?',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  settings: '/settings',
  'settings-delete': '/settings/delete',
  'accept-terms': '/accept-terms',
  notifications: '/notifications',
  complaints: '/complaints',
  directdebit: '/directdebit',
  login: '/login',
  signup: '/signup',
  'signup-matches': '/signup-matches',
  'complete-signup': '/complete-signup',
  activate: '/activate',
  'activate/done': '/activate/done',
  'activate/error': '/activate/error',
  reactivate: '/reactivate',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'mail-change/do': '/mail-change/do',
  'mail-change/undo': '/mail-change/undo',
  unsubscribe: '/unsubscribe',
  'email-reenable': '/email-reenable',
  'account-deleted': '/account-deleted',
  'lang-config': '/lang-config',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  'members-id-chat': '/members/:id/chat',
  'members-id-signup': '/members/:id/signup',
  'members-id-landing': '/members/:id/landing',
  'members-id-landing2-slug': '/members/:id/landing2/:slug?',
  'members-id-landing3-slug': '/members/:id/landing3/:slug?',
  'landers-tinderswipe': '/landers/tinderswipe',
  'landers-kind-slug': '/landers/:kind/:slug?',
  'pages-terms': '/pages/terms',
  'pages-privacy': '/pages/privacy',
  'pages-cookies': '/pages/cookies',
  'pages-ban': '/pages/ban',
  'pages-return-policy': '/pages/return-policy',
  'pages-faq': '/pages/faq',
  'pages-service': '/pages/service',
  'pages-token': '/pages/:token',
} as const;

/** A page's route name (the route id in `web/routes.ts`). */
export type TPageName = keyof typeof PAGE_ROUTES;

type TSegment<P extends string> = P extends `${infer Head}/${infer Tail}` ? Head | TSegment<Tail> : P;
type TRequiredKey<S> = S extends `:${string}?` ? never : S extends `:${infer K}` ? K : never;
type TOptionalKey<S> = S extends `:${infer K}?` ? K : never;
type TSegments<N extends TPageName> = TSegment<(typeof PAGE_ROUTES)[N]>;

/** The `:params` of a page's path: required ones must be given, `:param?` ones may be left out or empty. */
export type TPageParams<N extends TPageName> = { [K in TRequiredKey<TSegments<N>>]: string | number } & {
  [K in TOptionalKey<TSegments<N>>]?: string | number;
};

/** A query string's fields; an undefined value is left out. */
export type TPageQuery = Record<string, string | number | undefined>;

/** The arguments after the name: the params (required when the path has a required `:param`), then the query. */
export type TPageArgs<N extends TPageName> = [TRequiredKey<TSegments<N>>] extends [never]
  ? [params?: TPageParams<N>, query?: TPageQuery]
  : [params: TPageParams<N>, query?: TPageQuery];

/**
 * Builds a page's path (`/members/12`, `/login?redirect=%2Fmembers`): `:param` segments are filled and encoded, an
 * optional `:param?` without a value is left out, and each query field is encoded with encodeURIComponent.
 */
export function pagePath<N extends TPageName>(name: N, ...[params, query]: TPageArgs<N>): string {
  const values: Record<string, string | number | undefined> = params ?? {};
  const path = PAGE_ROUTES[name].replace(/\/:(\w+)(\?)?/g, (_m, key: string, optional?: string) => {
    const value = values[key];
    if (value === undefined || value === '') return optional ? '' : '/';
    return `/${encodeURIComponent(String(value))}`;
  });
  return withQuery(path, query);
}

/** A path with a query string: each defined field encoded with encodeURIComponent. */
function withQuery(path: string, query: TPageQuery | undefined): string {
  const fields = Object.entries(query ?? {}).filter(
    (field): field is [string, string | number] => field[1] !== undefined,
  );
  if (fields.length === 0) return path;
  return `${path}?${fields.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/** A page's absolute address on a site (emailed links, push clicks, payment returns): the origin and `pagePath()`. */
export function pageUrl<N extends TPageName>(origin: string, name: N, ...args: TPageArgs<N>): string {
  return `${origin}${pagePath(name, ...args)}`;
}

/** The path pattern of a page as React Router's route config takes it (no leading slash). */
export function routePattern(name: TPageName): string {
  return PAGE_ROUTES[name].slice(1);
}

/**
 * The operator console's pages (issue 30), apart from the members' pages: their own layout and chunks under /admin.
 * Console pages take ids in the query (`/admin/members/view?userId=12`), so their paths have no params.
 */
export const ADMIN_ROUTES = {
  admin: '/admin',
  'admin-login': '/admin/login',
  'admin-enrol': '/admin/enrol',
  'admin-staff': '/admin/staff',
  'admin-audit': '/admin/audit',
  'admin-dashboard': '/admin/dashboard',
  'admin-sites': '/admin/sites',
  'admin-site': '/admin/sites/edit',
  'admin-ops': '/admin/ops',
  'admin-ops-broadcast': '/admin/ops/broadcast',
  'admin-moderation': '/admin/moderation',
  'admin-moderation-photos': '/admin/moderation/photos',
  'admin-moderation-complaints': '/admin/moderation/complaints',
  'admin-members': '/admin/members',
  'admin-member': '/admin/members/view',
  'admin-payments': '/admin/payments',
  'admin-payment': '/admin/payments/view',
  'admin-hosts': '/admin/hosts',
  'admin-hosts-chat': '/admin/hosts/chat',
  'admin-hosts-profiles': '/admin/hosts/profiles',
  'admin-hosts-profile': '/admin/hosts/profiles/edit',
} as const;

/** A console page's route name. */
export type TAdminPageName = keyof typeof ADMIN_ROUTES;

/** A console page's path with its query (`adminPath('admin-login', { redirect: '/admin/staff' })`). */
export function adminPath(name: TAdminPageName, query?: TPageQuery): string {
  return withQuery(ADMIN_ROUTES[name], query);
}

/** The path pattern of a console page for React Router's route config (no leading slash). */
export function adminRoutePattern(name: TAdminPageName): string {
  return ADMIN_ROUTES[name].slice(1);
}

/** Whether a path is one of the console's pages. */
export function isAdminPath(path: string): boolean {
  return path === ADMIN_ROUTES.admin || path.startsWith(`${ADMIN_ROUTES.admin}/`);
}
