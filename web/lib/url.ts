/** Paths of the spec's route names (shared/ROUTES.md); build links with `url(name, params)`. */
const PATHS = {
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
  'lang-config': '/lang-config',
  'signup-matches': '/signup-matches',
  'match-finder': '/match-finder',
  'swipe-game': '/swipe-game',
  'members-id-chat': '/members/:id/chat',
  'members-id-signup': '/members/:id/signup',
  'pages-terms': '/pages/terms',
  'pages-privacy': '/pages/privacy',
  'pages-cookies': '/pages/cookies',
  'pages-ban': '/pages/ban',
  'pages-return-policy': '/pages/return-policy',
  'pages-faq': '/pages/faq',
  'pages-service': '/pages/service',
} as const;

export type TRouteName = keyof typeof PATHS;

/** Builds the path of a named route, filling `:param` segments; an optional `:param?` without a value is left out. */
export function url(name: TRouteName, params: Record<string, string | number> = {}): string {
  return PATHS[name].replace(/\/:(\w+)(\?)?/g, (_m, key: string, optional?: string) => {
    const value = params[key];
    if (value === undefined || value === '') return optional ? '' : '/';
    return `/${encodeURIComponent(String(value))}`;
  });
}
