import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';
import { adminRoutePattern, routePattern, type TAdminPageName, type TPageName } from '#common/routes.ts';

/** A page at its path in common/routes.ts, with its route name as the route id. */
const page = (name: TPageName, file: string) => route(routePattern(name), file, { id: name });

/** A console page (issue 30): its own layout and chunks under /admin, never loaded by a member's page. */
const adminPage = (name: TAdminPageName, file: string) => route(adminRoutePattern(name), `admin/${file}`, { id: name });

/** Route ids are the spec's route names (shared/ROUTES.md); paths come from common/routes.ts; modules load on demand. */
export default [
  layout('layouts/default.layout.tsx', { id: 'layout-default' }, [
    index('pages/index/index.page.tsx', { id: 'index' }),
    page('pages-terms', 'pages/static/static.page.tsx'),
    page('pages-privacy', 'pages/static/static.page.tsx'),
    page('pages-cookies', 'pages/static/static.page.tsx'),
    page('pages-ban', 'pages/static/static.page.tsx'),
    page('pages-return-policy', 'pages/static/static.page.tsx'),
    page('pages-faq', 'pages/static/static.page.tsx'),
    page('pages-service', 'pages/static/static.page.tsx'),
    page('pages-token', 'pages/static/static.page.tsx'),
    page('members', 'pages/members/members.page.tsx'),
    page('members-id', 'pages/members-id/members-id.page.tsx'),
    page('likes-m-id', 'pages/members-id/members-id.page.tsx'),
    page('chats', 'pages/chats/chats.page.tsx'),
    page('chats-id', 'pages/chats/chats.page.tsx'),
    page('likes', 'pages/likes/likes.page.tsx'),
    page('likes-type', 'pages/likes/likes.page.tsx'),
    page('pricing', 'pages/pricing/pricing.page.tsx'),
    page('credits', 'pages/credits/credits.page.tsx'),
    page('premium', 'pages/premium/premium.page.tsx'),
    page('credits-repeat-order', 'pages/credits/repeat-order.page.tsx'),
    page('directdebit', 'pages/directdebit/directdebit.page.tsx'),
    page('credits-id-paymentmethod', 'pages/credits/payment-method.page.tsx'),
    page('transactions', 'pages/transactions/transactions.page.tsx'),
    page('complaints', 'pages/complaints/complaints.page.tsx'),
    page('login', 'pages/login/login.page.tsx'),
    page('signup', 'pages/signup/signup.page.tsx'),
    page('activate', 'pages/activate/activate.page.tsx'),
    page('activate/done', 'pages/activate/activate-result.page.tsx'),
    page('activate/error', 'pages/activate/activate-result.page.tsx'),
    page('reset-password', 'pages/reset-password/reset-password.page.tsx'),
    page('reset-password-do', 'pages/reset-password/reset-password-do.page.tsx'),
    page('reactivate', 'pages/reactivate/reactivate.page.tsx'),
    page('mail-change/do', 'pages/mail-change/mail-change-do.page.tsx'),
    page('mail-change/undo', 'pages/mail-change/mail-change-undo.page.tsx'),
    page('unsubscribe', 'pages/unsubscribe/unsubscribe.page.tsx'),
    page('email-reenable', 'pages/unsubscribe/email-reenable.page.tsx'),
    page('profile', 'pages/profile/profile.page.tsx'),
    page('match-finder', 'pages/match-finder/match-finder.page.tsx'),
    page('swipe-game', 'pages/swipe-game/swipe-game.page.tsx'),
    page('settings', 'pages/settings/settings.page.tsx'),
    page('settings-delete', 'pages/settings/delete-account.page.tsx'),
    page('notifications', 'pages/notifications/notifications.page.tsx'),
    page('account-deleted', 'pages/account-deleted/account-deleted.page.tsx'),
    page('signup-matches', 'pages/signup-matches/signup-matches.page.tsx'),
    page('complete-signup', 'pages/complete-signup/complete-signup.page.tsx'),
    page('accept-terms', 'pages/accept-terms/accept-terms.page.tsx'),
    page('lang-config', 'pages/lang-config/lang-config.page.tsx'),
    route('*', 'pages/not-found/not-found.page.tsx', { id: 'not-found' }),
  ]),
  layout('layouts/lander.layout.tsx', { id: 'layout-lander' }, [
    page('landers-tinderswipe', 'pages/landers/tinderswipe.page.tsx'),
    page('landers-kind-slug', 'pages/landers/lander.page.tsx'),
    page('members-id-landing', 'pages/member-landing/member-landing.page.tsx'),
    page('members-id-landing2-slug', 'pages/member-landing/member-landing.page.tsx'),
    page('members-id-landing3-slug', 'pages/member-landing/member-landing.page.tsx'),
  ]),
  layout('layouts/chat.layout.tsx', { id: 'layout-chat' }, [
    page('members-id-chat', 'pages/member-chat/member-chat.page.tsx'),
  ]),
  layout('admin/admin-public.layout.tsx', { id: 'layout-admin-public' }, [
    adminPage('admin-login', 'pages/login/login.page.tsx'),
    adminPage('admin-enrol', 'pages/enrol/enrol.page.tsx'),
  ]),
  layout('admin/admin.layout.tsx', { id: 'layout-admin' }, [
    adminPage('admin', 'pages/home/home.page.tsx'),
    adminPage('admin-staff', 'pages/staff/staff.page.tsx'),
    adminPage('admin-audit', 'pages/audit/audit.page.tsx'),
    adminPage('admin-dashboard', 'pages/dashboard/dashboard.page.tsx'),
    adminPage('admin-sites', 'pages/sites/sites.page.tsx'),
    adminPage('admin-site', 'pages/sites/site-editor.page.tsx'),
    adminPage('admin-ops', 'pages/ops/ops.page.tsx'),
    adminPage('admin-ops-broadcast', 'pages/ops/broadcast.page.tsx'),
    adminPage('admin-moderation', 'pages/moderation/reports.page.tsx'),
    adminPage('admin-members', 'pages/members/members.page.tsx'),
    adminPage('admin-member', 'pages/members/member.page.tsx'),
    adminPage('admin-payments', 'pages/payments/payments.page.tsx'),
    adminPage('admin-payment', 'pages/payments/payment.page.tsx'),
  ]),
  layout('layouts/empty.layout.tsx', { id: 'layout-empty' }, [
    page('members-id-signup', 'pages/member-signup/member-signup.page.tsx'),
  ]),
] satisfies RouteConfig;
