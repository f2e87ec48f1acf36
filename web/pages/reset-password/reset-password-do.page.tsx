import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/accounts.ts';
import { sessionCookieHeader } from '../../../common/session-cookie.ts';
import { ZPasswordResetRequest } from '../../../common/wire/accounts.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { NewPasswordFields } from '../../lib/form/new-password-fields.tsx';
import { runAction, type TActionError } from '../../lib/form/action-result.server.ts';
import { FormError } from '../../lib/form/form-error.tsx';
import { appContext } from '../../lib/app-context.ts';
import { readForm } from '../../lib/form/form-input.server.ts';
import type { Route } from './+types/reset-password-do.page';

/** Nobody keeps a copy of a page opened with a single-use link. */
export function headers() {
  return { 'Cache-Control': 'no-store' };
}

/**
 * The reset email's link. Opening it only shows the form (mail scanners fetch every link of an email, so a GET uses
 * nothing up); a used or expired link says so at once instead of a form that could only fail (issue 28 item 8).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!(await context.get(appContext).services.accountChanges.isResetLinkLive(token))) {
    return data<TActionError>({ error: { code: 'link_invalid', data: {} } }, { status: 400 });
  }
  return { live: true as const };
}

/** Sets the new password with the emailed token, ends every session and logs in afresh. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const input = await readForm(request, ZPasswordResetRequest);
  if (!input.ok) return input.response;
  const { token, password, password_confirmation: confirmation } = input.value;
  const result = await runAction(async () => {
    // The same per-IP budget as POST /api/password-reset-do.php.
    await ctx.services.rateLimits.consume('password_reset', ctx.ip);
    const userId = await ctx.services.accountChanges.resetPassword(ctx.site, token, password, confirmation, ctx.origin);
    return ctx.services.accounts.startSessionFor(userId, {
      userAgent: ctx.userAgent,
      ip: ctx.ip,
      country: ctx.geoCountry,
    });
  });
  if (!result.ok) return result.response;
  throw redirect('/settings?password_reset=1', {
    headers: { 'Set-Cookie': sessionCookieHeader(result.value.token, result.value.maxAge, ctx.secure) },
  });
}

/** The page of the reset link: choose a new password (spec §2 reset-password-do), or why the link no longer works. */
export default function ResetPasswordDoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  if ('error' in loaderData) {
    return (
      <section className="container py-5 text-center" style={{ maxWidth: 560 }}>
        <PageTitle title={t('reset.new_title')} />
        <h1 className="h3">{t('reset.new_title')}</h1>
        <FormError error={loaderData.error} />
        <Link to="/reset-password" className="btn btn-primary">
          {t('reset.title')}
        </Link>
      </section>
    );
  }
  const error = result?.error ?? null;
  const issues = (error?.data?.issues as { message: string }[] | undefined) ?? [];
  return (
    <section className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle title={t('reset.new_title')} />
      <h1 className="h3 mb-3">{t('reset.new_title')}</h1>
      {/* Field issues are shown one by one; an unreadable form has none, and says so in general. */}
      <FormError error={error && (error.code !== 'invalid_request' || issues.length === 0) ? error : null} />
      {[...new Set(issues.map((i) => i.message))].map((message) => (
        <div key={message} className="alert alert-danger" role="alert">
          {t(message, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        </div>
      ))}
      <Form method="post" className="card card-body shadow-sm">
        <input type="hidden" name="token" value={params.get('token') ?? ''} />
        <NewPasswordFields idPrefix="reset" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('reset.save')}
        </button>
      </Form>
    </section>
  );
}
