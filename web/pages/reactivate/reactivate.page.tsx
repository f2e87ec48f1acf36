import { useTranslation } from 'react-i18next';
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isAppError } from '../../lib/form/action-result.server.ts';
import { FormError } from '../../lib/form/form-error.tsx';
import { ZLinkForm } from '../../../common/wire/accounts.ts';
import { appContext } from '../../lib/app-context.ts';
import { readForm } from '../../lib/form/form-input.server.ts';
import type { Route } from './+types/reactivate.page';

const INVALID = '/activate/error?reason=link_invalid';

/** Nobody keeps a copy of a page opened with a single-use link. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The reactivation email's link (accounts issue: 14 days to change one's mind). Opening it only asks: mail scanners
 * fetch every link of an email, so a GET never reactivates. A used or expired link goes straight to the error page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!(await context.get(appContext).services.accountChanges.isReactivationLinkLive(token))) throw redirect(INVALID);
  return null;
}

/**
 * The page's button: restores the account, then sends the member to log in. It never starts a session: whoever
 * holds the link is not thereby the member (a deleted account has no session left to come from).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = context.get(appContext);
  const input = await readForm(request, ZLinkForm);
  if (!input.ok) return input.response;
  const { token } = input.value;
  try {
    await services.accountChanges.reactivate(token);
  } catch (err) {
    if (!isAppError(err)) throw err;
    throw redirect(INVALID);
  }
  throw redirect('/login?reactivated=1');
}

/** "Reactivate your account" with one button: a plain form, so it works before (or without) JavaScript. */
export default function ReactivatePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const result = useActionData<typeof action>();
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('reactivate.title')} />
      <h1 className="h3">{t('reactivate.title')}</h1>
      <p>{t('reactivate.text')}</p>
      <FormError error={result?.error ?? null} />
      <Form method="post">
        <input type="hidden" name="token" value={params.get('token') ?? ''} />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {t('reactivate.submit')}
        </button>
      </Form>
    </section>
  );
}
