import { useTranslation } from 'react-i18next';
import { Form, useActionData, useNavigation } from 'react-router';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { Field } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { ZEmailRequest } from '#common/wire/accounts.ts';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import type { Route } from './+types/reset-password.page';

/** Emails a reset link through the accounts service. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const input = await readForm(request, ZEmailRequest);
  if (!input.ok) return input.response;
  const { email } = input.value;
  const result = await runAction(async () => {
    // The same per-IP, per-inbox and site-wide budgets as POST /api/password-reset.php.
    await ctx.services.rateLimits.consume('password_reset_email', ctx.ip);
    await ctx.services.rateLimits.consumeTarget('password_reset_email', email);
    return ctx.services.accountChanges.requestPasswordReset(ctx.site, email, ctx.origin);
  });
  return result.ok ? { sent: true as const } : result.response;
}

/** Forgotten password: ask for the email address (spec §2 reset-password). */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  const sent = result && 'sent' in result;
  return (
    <section className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle title={t('reset.title')} />
      <h1 className="h3 mb-3">{t('reset.title')}</h1>
      {sent ? (
        <div className="alert alert-success" role="status">
          {t('reset.sent')}
        </div>
      ) : (
        <>
          <p>{t('reset.intro')}</p>
          <FormError error={result && 'error' in result ? result.error : null} />
          <Form method="post" className="card card-body shadow-sm">
            <Field id="reset-email" label={t('auth.email')} labelClassName="form-label">
              {(wiring) => (
                <input {...wiring} name="email" type="email" className="form-control" autoComplete="email" required />
              )}
            </Field>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('reset.submit')}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
