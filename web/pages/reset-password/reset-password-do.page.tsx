import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useActionData, useNavigation } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '#common/accounts.ts';
import { sessionCookieHeader } from '#common/session-cookie.ts';
import { ZPasswordResetRequest } from '#common/wire/accounts.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { NewPasswordFields } from '#web/lib/form/new-password-fields.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { LinkPage, LinkTokenField } from '#web/features/email-links/link-page.tsx';
import { actOnLink, linkPageHeaders, peekLink } from '#web/features/email-links/link-page.server.ts';
import { appContext } from '#web/lib/app-context.ts';
import { url } from '#web/lib/url.ts';
import type { Route } from './+types/reset-password-do.page';

export const headers = linkPageHeaders;

/**
 * The reset email's link: a GET only shows the form; a used or expired link says so at once instead of a form that
 * could only fail.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { accountChanges } = context.get(appContext).services;
  return peekLink(request, { peek: async (token) => (await accountChanges.isResetLinkLive(token)) || undefined });
}

/** Sets the new password with the emailed token, ends every session and logs in afresh. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  const used = await actOnLink(request, {
    schema: ZPasswordResetRequest,
    act: async ({ token, password, password_confirmation: confirmation }) => {
      // The same per-IP budget as POST /api/password-reset-do.php.
      await ctx.services.rateLimits.consume('password_reset', ctx.ip);
      const userId = await ctx.services.accountChanges.resetPassword({
        site: ctx.site,
        origin: ctx.origin,
        token,
        password,
        confirmation,
      });
      return ctx.services.accounts.startSessionFor(userId, {
        userAgent: ctx.userAgent,
        ip: ctx.ip,
        country: ctx.geoCountry,
      });
    },
  });
  if (!used.ok) return used.response;
  throw redirect(url('settings', {}, { password_reset: 1 }), {
    headers: { 'Set-Cookie': sessionCookieHeader(used.value.token, used.value.maxAge, ctx.secure) },
  });
}

/** The page of the reset link: choose a new password (spec §2 reset-password-do), or why the link no longer works. */
export default function ResetPasswordDoPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== 'idle';
  if (loaderData.state !== 'live') {
    return (
      <LinkPage
        title={t('reset.new_title')}
        view={loaderData}
        afterError={
          <Link to={url('reset-password')} className="btn btn-primary">
            {t('reset.title')}
          </Link>
        }
      />
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
        <LinkTokenField />
        <NewPasswordFields idPrefix="reset" />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('reset.save')}
        </button>
      </Form>
    </section>
  );
}
