import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { runAction, type TActionError } from '../../lib/form/action-result.server.ts';
import { FormError } from '../../lib/form/form-error.tsx';
import { ZLinkForm } from '../../../common/wire/accounts.ts';
import { appContext } from '../../lib/app-context.ts';
import { readForm } from '../../lib/form/form-input.server.ts';
import { url } from '../../lib/url.ts';
import type { Route } from './+types/mail-change-undo.page';

/** Nobody keeps a copy of a page opened with a single-use link (it shows the old address). */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The link sent to the old address when the email address changed (issue 23 §6). Opening it only shows which address
 * it restores: mail scanners fetch every link of an email, so a GET never changes anything. A used or expired link
 * says so at once.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  if (params.has('undone')) return { done: true as const };
  const email = await context.get(appContext).services.accountChanges.pendingEmailUndo(params.get('token') ?? '');
  if (email === undefined) {
    return data<TActionError>({ error: { code: 'link_invalid', data: {} } }, { status: 400 });
  }
  return { email };
}

/**
 * The page's button: restores the old address, ends every session of the account and kills its outstanding links,
 * then shows the result on a page of its own (a reload does not post again). It starts no session.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const input = await readForm(request, ZLinkForm);
  if (!input.ok) return input.response;
  const { token } = input.value;
  const result = await runAction(() => ctx.services.accountChanges.undoEmailChange(token));
  if (!result.ok) return result.response;
  throw redirect('/mail-change/undo?undone=1');
}

/** "Undo the change of your email address" with one button (a plain form, so it works before or without JavaScript). */
export default function MailChangeUndoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const done = 'done' in loaderData;
  const error = result?.error ?? ('error' in loaderData ? loaderData.error : null);
  const email = 'email' in loaderData ? loaderData.email : null;
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('mail_undo.title')} />
      <h1 className="h3">{t('mail_undo.title')}</h1>
      {done ? (
        <>
          <div className="alert alert-success" role="status">
            {t('mail_undo.done')}
          </div>
          <p>{t('mail_undo.reset_hint')}</p>
          <Link to="/reset-password" className="btn btn-primary">
            {t('mail_undo.reset_link')}
          </Link>
        </>
      ) : (
        <FormError error={error} />
      )}
      {!done && !error && email ? (
        <Form method="post" className="mb-3">
          <p>{t('mail_undo.text', { email })}</p>
          <input type="hidden" name="token" value={params.get('token') ?? ''} />
          <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
            {t('mail_undo.submit')}
          </button>
        </Form>
      ) : null}
      {!done && error ? (
        <Link to={url('login')} className="btn btn-primary">
          {t('nav.login')}
        </Link>
      ) : null}
    </section>
  );
}
