import { redirect } from 'react-router';
import { isAdminPath, pagePath, PAGE_ROUTES, type TPageName } from '#common/routes.ts';
import type { TRequestContext } from '#server/web/request-context.ts';
import { url } from '#web/lib/url.ts';

/**
 * Pages a member may open before answering the terms interstitial: the interstitial itself, account deletion, the
 * language form, and the pages emailed links open (the folders below them are open too, see `OPEN_FOLDERS`).
 */
const OPEN_PAGES = [
  'accept-terms',
  'settings-delete',
  'account-deleted',
  'lang-config',
  'activate',
  'reactivate',
  'reset-password',
] as const satisfies readonly TPageName[];

/** The folder a page lies in, with its closing slash (`/pages/` for `/pages/:token`). */
const folderOf = (name: TPageName) => {
  const path = PAGE_ROUTES[name];
  return path.slice(0, path.lastIndexOf('/') + 1);
};

/**
 * Folders open with every path in them: the static pages the interstitial links to (terms, privacy) and the result
 * pages of emailed links (activation, password reset, email change), mistyped ones included.
 */
const OPEN_FOLDERS = (['pages-token', 'activate/done', 'reset-password-do', 'mail-change/do'] as const).map(folderOf);

/** Whether a page path (without `.data`) opens before the terms are answered. */
export function isOpenBeforeTerms(path: string): boolean {
  return OPEN_PAGES.some((name) => pagePath(name) === path) || OPEN_FOLDERS.some((folder) => path.startsWith(folder));
}

/**
 * Sends a logged-in member who has not accepted the current terms (or not answered the orientation question) to
 * `/accept-terms` and back afterwards. Called by the root loader: every document request and every form submission.
 */
export async function requireAcceptedTerms(ctx: TRequestContext, request: Request): Promise<void> {
  if (!ctx.user) return;
  const address = new URL(request.url);
  const path = address.pathname.replace(/\.data$/, '').replace(/\/_root$/, '') || '/';
  // The console is not a member's page: a staff member who is also a member is not held up there.
  if (isOpenBeforeTerms(path) || isAdminPath(path)) return;
  if (!(await ctx.services.consents.termsPrompt(ctx.user.id))) return;
  throw redirect(url('accept-terms', {}, { redirect: path + address.search }));
}
