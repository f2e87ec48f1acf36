import { useTranslation } from 'react-i18next';
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { isAppError } from '../../lib/form/action-result.server.ts';
import { FormError } from '../../lib/form/form-error.tsx';
import { ZLinkForm } from '../../../common/wire/accounts.ts';
import { appContext } from '../../lib/app-context.ts';
import { readForm } from '../../lib/form/form-input.server.ts';
import { useRootData } from '../../lib/use-root-data.ts';
import type { Route } from './+types/activate.page';

const INVALID = '/activate/error?reason=link_invalid';

/** Nobody keeps a copy of a page opened with a single-use link. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The activation email's link (spec §2, §8). Opening it only asks: mail scanners fetch every link of an email, so a GET
 * never activates. A used or expired link goes straight to the error page (reading a token uses nothing up).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!(await context.get(appContext).services.accounts.isActivationLinkLive(token))) throw redirect(INVALID);
  return null;
}

/** The page's button: confirms the address with the token and delivers the message written at signup. No session. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, site } = context.get(appContext);
  const input = await readForm(request, ZLinkForm);
  if (!input.ok) return input.response;
  const { token } = input.value;
  let userId: number;
  try {
    userId = await services.accounts.activate(token);
  } catch (err) {
    if (!isAppError(err)) throw err;
    throw redirect(err.code === 'link_invalid' ? INVALID : '/activate/error?reason=activation_failed');
  }
  // The first message written at signup reaches the member now (never blocks the activation).
  await services.chat
    .deliverSignupMessage(userId, site.cdnPrefix)
    .catch((err: unknown) => services.log.error({ err, userId }, 'signup message not delivered'));
  throw redirect('/activate/done');
}

/** "Confirm your email address" with one button: a plain form, so it works before (or without) JavaScript. */
export default function ActivatePage() {
  const { t } = useTranslation();
  const root = useRootData();
  const [params] = useSearchParams();
  const busy = useNavigation().state !== 'idle';
  const result = useActionData<typeof action>();
  return (
    <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
      <PageTitle title={t('activate.confirm.title')} />
      <h1 className="h3">{t('activate.confirm.title')}</h1>
      <p>{t('activate.confirm.text', { site: root?.site.name })}</p>
      <FormError error={result?.error ?? null} />
      <Form method="post">
        <input type="hidden" name="token" value={params.get('token') ?? ''} />
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {t('activate.confirm.submit')}
        </button>
      </Form>
    </section>
  );
}
