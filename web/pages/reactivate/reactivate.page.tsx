import { useTranslation } from 'react-i18next';
import { redirect, useActionData } from 'react-router';
import { ZLinkForm } from '#common/wire/accounts.ts';
import { LinkForm, LinkPage } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/reactivate.page';

const INVALID = url('activate/error', {}, { reason: 'link_invalid' });

export const headers = linkPageHeaders;

/**
 * The reactivation email's link (14 days to change one's mind): a GET never reactivates. A used or expired link goes
 * straight to the error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accountChanges } = context.get(appContext).services;
  return peekLink(request, {
    peek: async (token) => (await accountChanges.isReactivationLinkLive(token)) || undefined,
    deadTo: INVALID,
  });
}

/**
 * The page's button: restores the account, then sends the member to log in. It never starts a session: whoever
 * holds the link is not thereby the member (a deleted account has no session left to come from).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZLinkForm,
    act: ({ token }) => services.accountChanges.reactivate(token),
    failedTo: () => INVALID,
  });
  if (!used.ok) return used.response;
  throw redirect(url('login', {}, { reactivated: 1 }));
}

/** "Reactivate your account" with one button. */
export default function ReactivatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LinkPage title={t('reactivate.title')} view={loaderData} failure={useActionData<typeof action>()} keepsForm>
      <LinkForm text={t('reactivate.text')} submit={t('reactivate.submit')} />
    </LinkPage>
  );
}
