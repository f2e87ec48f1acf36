import { useTranslation } from 'react-i18next';
import { Form, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/accounts.ts';
import { sessionCookieHeader } from '../../../common/session-cookie.ts';
import { PageTitle } from '../../components/page-title.tsx';
import { NewPasswordFields } from '../../features/accounts/new-password-fields.tsx';
import { runAction } from '../../features/accounts/action-result.server.ts';
import { FormError } from '../../features/accounts/form-error.tsx';
import { appContext } from '../../lib/app-context.ts';
import type { Route } from './+types/reset-password-do.page';

/** Sets the new password with the emailed token, ends every session and logs in afresh. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const form = await request.formData();
  const result = await runAction(async () => {
    // The same per-IP budget as POST /api/password-reset-do.php.
    await ctx.services.rateLimits.consume('password_reset', ctx.ip);
    const userId = await ctx.services.accountChanges.resetPassword(
      ctx.site,
      String(form.get('token') ?? ''),
      String(form.get('password') ?? ''),
      String(form.get('password_confirmation') ?? ''),
      ctx.origin,
    );
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

/** The page of the reset link: choose a new password (spec §2 reset-password-do). */
export default function ResetPasswordDoPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const error = result?.error ?? null;
  const issues = (error?.data?.issues as { message: string }[] | undefined) ?? [];
  return (
    <section className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle title={t('reset.new_title')} />
      <h1 className="h3 mb-3">{t('reset.new_title')}</h1>
      <FormError error={error && error.code !== 'invalid_request' ? error : null} />
      {issues.map((i) => (
        <div key={i.message} className="alert alert-danger" role="alert">
          {t(i.message, { min: PASSWORD_MIN, max: PASSWORD_MAX })}
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
