import { redirect } from 'react-router';
import type { TRequestContext } from '#server/web/request-context.ts';
import { url } from '#web/lib/url.ts';

/**
 * Pages a member may open before answering the terms interstitial: the interstitial itself, the static pages it links
 * to (terms, privacy), account deletion, the language form and the pages of emailed links.
 */
const OPEN_PATHS = [
  /^\/accept-terms$/,
  /^\/pages\//,
  /^\/settings\/delete$/,
  /^\/account-deleted$/,
  /^\/lang-config$/,
  /^\/activate(\/|$)/,
  /^\/reactivate$/,
  /^\/reset-password(\/|$)/,
  /^\/mail-change\//,
];

/** Whether a page path (without `.data`) opens before the terms are answered. */
export function isOpenBeforeTerms(path: string): boolean {
  return OPEN_PATHS.some((p) => p.test(path));
}

/**
 * Sends a logged-in member who has not accepted the current terms (or not answered the orientation question) to
 * `/accept-terms` and back afterwards. Called by the root loader: every document request and every form submission.
 */
export async function requireAcceptedTerms(ctx: TRequestContext, request: Request): Promise<void> {
  if (!ctx.user) return;
  const address = new URL(request.url);
  const path = address.pathname.replace(/\.data$/, '').replace(/\/_root$/, '') || '/';
  if (isOpenBeforeTerms(path)) return;
  if (!(await ctx.services.consents.termsPrompt(ctx.user.id))) return;
  throw redirect(url('accept-terms', {}, { redirect: path + address.search }));
}
