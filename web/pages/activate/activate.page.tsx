import { useTranslation } from 'react-i18next';
import { redirect, useActionData } from 'react-router';
import { ZLinkForm } from '#common/wire/accounts.ts';
import { LinkForm, LinkPage } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/activate.page';

const INVALID = url('activate/error', {}, { reason: 'link_invalid' });
/** A second click on the link of an account that is active: it says so (activate/done with `already`). */
const ALREADY = url('activate/done', {}, { already: '1' });

export const headers = linkPageHeaders;

/**
 * The activation email's link (spec §2, §8): a GET never activates. A used or expired link goes straight to the error
 * page (reading a token uses nothing up).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accounts } = context.get(appContext).services;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!(await accounts.isActivationLinkLive(token)) && (await accounts.isActivationLinkUsedByActiveAccount(token))) {
    throw redirect(ALREADY);
  }
  return peekLink(request, {
    peek: async (t) => (await accounts.isActivationLinkLive(t)) || undefined,
    deadTo: INVALID,
  });
}

/** The page's button: confirms the address with the token and delivers the message written at signup. No session. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, site } = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZLinkForm,
    act: ({ token }) => services.accounts.activate(token),
    failedTo: (code) =>
      code === 'already_active'
        ? ALREADY
        : code === 'link_invalid'
          ? INVALID
          : url('activate/error', {}, { reason: 'activation_failed' }),
  });
  if (!used.ok) return used.response;
  const userId = used.value;
  // The first message written at signup reaches the member now (never blocks the activation).
  await services.chat
    .deliverSignupMessage(userId, site.cdnPrefix)
    .catch((err: unknown) => services.log.error({ err, userId }, 'signup message not delivered'));
  throw redirect(url('activate/done'));
}

/** "Confirm your email address" with one button. */
export default function ActivatePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <LinkPage title={t('activate.confirm.title')} view={loaderData} failure={useActionData<typeof action>()} keepsForm>
      <LinkForm text={t('activate.confirm.text', { site: root?.site.name })} submit={t('activate.confirm.submit')} />
    </LinkPage>
  );
}
