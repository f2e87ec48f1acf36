import { useTranslation } from 'react-i18next';
import { Link, redirect, useActionData } from 'react-router';
import { ZLinkForm } from '#common/wire/accounts.ts';
import { LinkForm, LinkPage } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/email-reenable.page';

export const headers = linkPageHeaders;

/** The link emailed when a member turns notification email back on after a bounce: a GET only asks. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { emailStatus } = context.get(appContext).services;
  return peekLink(request, {
    peek: async (token) => (await emailStatus.isReenableLinkLive(token)) || undefined,
    doneParam: 'done',
  });
}

/** The page's button: uses the link and lifts the `bounce` stop; the result is a page of its own. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZLinkForm,
    act: ({ token }) => services.emailStatus.confirmReenable(token),
  });
  if (!used.ok) return used.response;
  throw redirect(url('email-reenable', {}, { done: 1 }));
}

/** "Turn notification emails back on" with one button. */
export default function EmailReenablePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useRootData()?.site.name;
  return (
    <LinkPage
      title={t('email_reenable.title')}
      view={loaderData}
      failure={useActionData<typeof action>()}
      done={t('email_reenable.done')}
      footer={
        <p className="mt-3">
          <Link to={url('notifications')}>{t('email_reenable.settings_link')}</Link>
        </p>
      }
    >
      <LinkForm text={t('email_reenable.text', { site })} submit={t('email_reenable.submit')} />
    </LinkPage>
  );
}
