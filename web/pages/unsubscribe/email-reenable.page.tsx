import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { runAction, type TActionError } from '../../lib/form/action-result.server.ts';
import { FormError } from '../../lib/form/form-error.tsx';
import { ZLinkForm } from '../../../common/wire/accounts.ts';
import { appContext } from '../../lib/app-context.ts';
import { readForm } from '../../lib/form/form-input.server.ts';
import { url } from '../../lib/url.ts';
import { useRootData } from '../../lib/use-root-data.ts';
import type { Route } from './+types/email-reenable.page';

/** Nobody keeps a copy of a page opened with a single-use link. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The link emailed when a member turns notification email back on after a bounce (issue 14). Opening it only asks
 * (mail scanners fetch every link); a used or expired link says so at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has('done')) return { done: true as const };
  const isLive = await context.get(appContext).services.emailStatus.isReenableLinkLive(params.get('token') ?? '');
  if (!isLive) return data<TActionError>({ error: { code: 'link_invalid', data: {} } }, { status: 400 });
  return { done: false as const };
}

/** The page's button: uses the link and lifts the `bounce` stop; the result is a page of its own. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const input = await readForm(request, ZLinkForm);
  if (!input.ok) return input.response;
  const { token } = input.value;
  const result = await runAction(() => services.emailStatus.confirmReenable(token));
  if (!result.ok) return result.response;
  throw redirect('/email-reenable?done=1');
}

/** "Turn notification emails back on" with one button (a plain form, so it works before or without JavaScript). */
export default function EmailReenablePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const site = useRootData()?.site.name;
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const done = 'done' in loaderData && loaderData.done;
  const error = result?.error ?? ('error' in loaderData ? loaderData.error : null);
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('email_reenable.title')} />
      <h1 className="h3">{t('email_reenable.title')}</h1>
      {done ? (
        <div className="alert alert-success" role="status">
          {t('email_reenable.done')}
        </div>
      ) : (
        <FormError error={error} />
      )}
      {!done && !error ? (
        <Form method="post" className="mb-3">
          <p>{t('email_reenable.text', { site })}</p>
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {t('email_reenable.submit')}
          </button>
        </Form>
      ) : null}
      <p className="mt-3">
        <Link to={url('notifications')}>{t('email_reenable.settings_link')}</Link>
      </p>
    </section>
  );
}
