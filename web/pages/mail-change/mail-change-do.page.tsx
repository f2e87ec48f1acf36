import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData } from 'react-router';
import { SESSION_COOKIE } from '#common/session-cookie.ts';
import { ZLinkForm } from '#common/wire/accounts.ts';
import { LinkForm, LinkPage } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/mail-change-do.page';

export const headers = linkPageHeaders;

/** The link sent to the new address (spec §2 mail-change/do): a GET only shows which address it confirms. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accountChanges } = context.get(appContext).services;
  return peekLink(request, { peek: (token) => accountChanges.pendingEmailChange(token), doneParam: 'changed' });
}

/** The page's button: confirms the new address with the token, then shows the result. It starts no session. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZLinkForm,
    // The browser's own session of the account stays; every other one ends with the change.
    act: ({ token }) =>
      ctx.services.accountChanges.confirmEmailChange({
        site: ctx.site,
        origin: ctx.origin,
        token,
        currentSessionToken: ctx.cookies[SESSION_COOKIE],
      }),
  });
  if (!used.ok) return used.response;
  throw redirect(url('mail-change/do', {}, { changed: 1 }));
}

/** "Confirm your new address" with one button. */
export default function MailChangeDoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const settings = (
    <Link to={url('settings')} className="btn btn-primary">
      {t('nav.settings')}
    </Link>
  );
  return (
    <LinkPage
      title={t('settings.email_title')}
      view={loaderData}
      failure={useActionData<typeof action>()}
      done={t('settings.email_changed')}
      afterDone={settings}
      afterError={settings}
    >
      {loaderData.state === 'live' ? (
        <LinkForm
          text={t('settings.email_confirm_text', { email: loaderData.found })}
          submit={t('settings.email_confirm_submit')}
        />
      ) : null}
    </LinkPage>
  );
}
