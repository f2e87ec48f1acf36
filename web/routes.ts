import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/** Route ids are the spec's route names (shared/ROUTES.md); every route module loads on demand. */
export default [
  layout('layouts/default.layout.tsx', { id: 'layout-default' }, [
    index('pages/index/index.page.tsx', { id: 'index' }),
    route('pages/terms', 'pages/static/static.page.tsx', { id: 'pages-terms' }),
    route('pages/privacy', 'pages/static/static.page.tsx', { id: 'pages-privacy' }),
    route('pages/cookies', 'pages/static/static.page.tsx', { id: 'pages-cookies' }),
    route('pages/ban', 'pages/static/static.page.tsx', { id: 'pages-ban' }),
    route('pages/return-policy', 'pages/static/static.page.tsx', { id: 'pages-return-policy' }),
    route('pages/faq', 'pages/static/static.page.tsx', { id: 'pages-faq' }),
    route('pages/service', 'pages/static/static.page.tsx', { id: 'pages-service' }),
    route('pages/:token', 'pages/static/static.page.tsx', { id: 'pages-token' }),
    route('members', 'pages/members/members.page.tsx', { id: 'members' }),
    route('members/:id', 'pages/members-id/members-id.page.tsx', { id: 'members-id' }),
    route('likes/m/:id', 'pages/members-id/members-id.page.tsx', { id: 'likes-m-id' }),
    route('chats', 'pages/chats/chats.page.tsx', { id: 'chats' }),
    route('chats/:id', 'pages/chats/chats.page.tsx', { id: 'chats-id' }),
    route('likes', 'pages/likes/likes.page.tsx', { id: 'likes' }),
    route('likes/:type', 'pages/likes/likes.page.tsx', { id: 'likes-type' }),
    route('pricing', 'pages/pricing/pricing.page.tsx', { id: 'pricing' }),
    route('complaints', 'pages/complaints/complaints.page.tsx', { id: 'complaints' }),
    route('login', 'pages/login/login.page.tsx', { id: 'login' }),
    route('signup', 'pages/signup/signup.page.tsx', { id: 'signup' }),
    route('activate/done', 'pages/activate/activate-result.page.tsx', { id: 'activate/done' }),
    route('activate/error', 'pages/activate/activate-result.page.tsx', { id: 'activate/error' }),
    route('reset-password', 'pages/reset-password/reset-password.page.tsx', { id: 'reset-password' }),
    route('reset-password/do', 'pages/reset-password/reset-password-do.page.tsx', { id: 'reset-password-do' }),
    route('mail-change/do', 'pages/mail-change/mail-change-do.page.tsx', { id: 'mail-change/do' }),
    route('profile', 'pages/profile/profile.page.tsx', { id: 'profile' }),
    route('match-finder', 'pages/match-finder/match-finder.page.tsx', { id: 'match-finder' }),
    route('swipe-game', 'pages/swipe-game/swipe-game.page.tsx', { id: 'swipe-game' }),
    route('settings', 'pages/settings/settings.page.tsx', { id: 'settings' }),
    route('settings/delete', 'pages/settings/delete-account.page.tsx', { id: 'settings-delete' }),
    route('account-deleted', 'pages/account-deleted/account-deleted.page.tsx', { id: 'account-deleted' }),
    route('signup-matches', 'pages/signup-matches/signup-matches.page.tsx', { id: 'signup-matches' }),
    route('complete-signup', 'pages/complete-signup/complete-signup.page.tsx', { id: 'complete-signup' }),
    route('lang-config', 'pages/lang-config/lang-config.page.tsx', { id: 'lang-config' }),
    route('*', 'pages/not-found/not-found.page.tsx', { id: 'not-found' }),
  ]),
  layout('layouts/lander.layout.tsx', { id: 'layout-lander' }, [
    route('landers/tinderswipe', 'pages/landers/tinderswipe.page.tsx', { id: 'landers-tinderswipe' }),
    route('landers/:kind/:slug?', 'pages/landers/lander.page.tsx', { id: 'landers-kind-slug' }),
    route('members/:id/landing', 'pages/member-landing/member-landing.page.tsx', { id: 'members-id-landing' }),
    route('members/:id/landing2/:slug?', 'pages/member-landing/member-landing.page.tsx', {
      id: 'members-id-landing2-slug',
    }),
    route('members/:id/landing3/:slug?', 'pages/member-landing/member-landing.page.tsx', {
      id: 'members-id-landing3-slug',
    }),
  ]),
  layout('layouts/chat.layout.tsx', { id: 'layout-chat' }, [
    route('members/:id/chat', 'pages/member-chat/member-chat.page.tsx', { id: 'members-id-chat' }),
  ]),
  layout('layouts/empty.layout.tsx', { id: 'layout-empty' }, [
    route('members/:id/signup', 'pages/member-signup/member-signup.page.tsx', { id: 'members-id-signup' }),
  ]),
] satisfies RouteConfig;
