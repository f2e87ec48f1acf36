import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData } from 'react-router';
import { ZLinkForm } from '#common/wire/accounts.ts';
import { LinkForm, LinkPage } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/mail-change-undo.page';

export const headers = linkPageHeaders;

/** The link sent to the old address when the email address changed: a GET only shows which address it restores. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accountChanges } = context.get(appContext).services;
  return peekLink(request, { peek: (token) => accountChanges.pendingEmailUndo(token), doneParam: 'undone' });
}

/**
 * The page's button: restores the old address, ends every session of the account and kills its outstanding links,
 * then shows the result. It starts no session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZLinkForm,
    act: ({ token }) => services.accountChanges.undoEmailChange(token),
  });
  if (!used.ok) return used.response;
  throw redirect(url('mail-change/undo', {}, { undone: 1 }));
}

/** "Undo the change of your email address" with one button. */
export default function MailChangeUndoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <LinkPage
      title={t('mail_undo.title')}
      view={loaderData}
      failure={useActionData<typeof action>()}
      done={t('mail_undo.done')}
      afterDone={
        <>
          <p>{t('mail_undo.reset_hint')}</p>
          <Link to={url('reset-password')} className="btn btn-primary">
            {t('mail_undo.reset_link')}
          </Link>
        </>
      }
      afterError={
        <Link to={url('login')} className="btn btn-primary">
          {t('nav.login')}
        </Link>
      }
    >
      {loaderData.state === 'live' ? (
        <LinkForm text={t('mail_undo.text', { email: loaderData.found })} submit={t('mail_undo.submit')} />
      ) : null}
    </LinkPage>
  );
}
