import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import { ZLoginRequest } from '#common/accounts.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { SESSION_COOKIE, sessionCookieHeader } from '#common/session-cookie.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { runAction } from '#web/lib/form/action-result.server.ts';
import { Field } from '#web/lib/form/field.tsx';
import { FormError } from '#web/lib/form/form-error.tsx';
import { requestReactivation } from '#web/features/accounts/accounts.api.ts';
import { appContext } from '#web/lib/app-context.ts';
import { readForm } from '#web/lib/form/form-input.server.ts';
import { url } from '#web/lib/url.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import type { Route } from './+types/login.page';

/** Where to go after login: the `redirect` query when it stays on this site (no open redirect), else the members area. */
function nextPage(request: Request): string {
  const here = new URL(request.url);
  return safeRedirect(here.searchParams.get('redirect'), here.origin, url('members'));
}

/** Logged-in visitors go straight on. */
export function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(appContext).user) throw redirect(nextPage(request));
  return null;
}

/** Logs in with the accounts service; on success sets the session cookie and returns to the requested page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.get(appContext);
  // The API's schema: the same fields, bounds and refusal of text the database cannot store as POST /api/user.php.
  const input = await readForm(request, ZLoginRequest);
  if (!input.ok) return input.response;
  const result = await runAction(async () => {
    // The same per-IP budget as POST /api/user.php: the form is not a way around it.
    await ctx.services.rateLimits.consume('login', ctx.ip);
    return ctx.services.accounts.login(ctx.site, input.value, {
      ip: ctx.ip,
      userAgent: ctx.userAgent,
      country: ctx.geoCountry,
      currentSession: ctx.cookies[SESSION_COOKIE],
    });
  });
  if (!result.ok) return result.response;
  const { session, userId } = result.value;
  // The first login of a member who has not seen the welcome steps (photo, about me, interests) leads there.
  const asked = new URL(request.url).searchParams.has('redirect');
  const next =
    !asked && (await ctx.services.accounts.needsOnboarding(userId)) ? url('complete-signup') : nextPage(request);
  throw redirect(next, {
    headers: { 'Set-Cookie': sessionCookieHeader(session.token, session.maxAge, ctx.secure) },
  });
}

export default function LoginPage() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  // After the reactivation link's button: the account is back, and the member logs in themselves (the link starts no session).
  const reactivated = useSearchParams()[0].has('reactivated');
  const [show, setShow] = useState(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const reactivation = useAsyncAction();
  const [isReactivationSent, setIsReactivationSent] = useState(false);
  const isHydrated = useHydrated();
  const busy = navigation.state !== 'idle';
  const error = result?.error ?? null;
  const reactivate = () => {
    // The field, not state: a login posted before hydration comes back as a new page without what was typed.
    const input = emailInput.current;
    if (!input?.reportValidity()) return;
    void reactivation.run(async () => {
      await requestReactivation(input.value);
      setIsReactivationSent(true);
    });
  };
  return (
    <section className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle title={t('auth.login.title')} />
      <h1 className="h3 mb-4">{t('auth.login.title')}</h1>
      {reactivated && !error ? (
        <div className="alert alert-success" role="status">
          {t('auth.login.reactivated')}
        </div>
      ) : null}
      <FormError error={error} />
      {error?.code === 'account_pending_deletion' ? (
        <div className="mb-3">
          {isReactivationSent ? (
            <p className="text-success" role="status">
              {t('auth.login.reactivation_sent')}
            </p>
          ) : (
            <>
              <button
                type="button"
                className="btn btn-outline-primary"
                onClick={reactivate}
                disabled={!isHydrated || reactivation.busy}
              >
                {t('auth.login.reactivate')}
              </button>
              {reactivation.error ? (
                <p className="text-danger mt-2 mb-0" role="alert">
                  {reactivation.error}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
      <Form method="post" className="card card-body shadow-sm" aria-busy={busy}>
        <Field id="login-email" label={t('auth.email')} labelClassName="form-label">
          {(wiring) => (
            <input
              {...wiring}
              name="email"
              type="email"
              className="form-control"
              autoComplete="username"
              required
              ref={emailInput}
            />
          )}
        </Field>
        <Field id="login-password" label={t('auth.password')} labelClassName="form-label">
          {(wiring) => (
            <div className="input-group">
              <input
                {...wiring}
                name="password"
                type={show ? 'text' : 'password'}
                className="form-control"
                autoComplete="current-password"
                required
              />
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => setShow((s) => !s)}
                aria-pressed={show}
                disabled={!isHydrated}
              >
                {show ? t('auth.hide_password') : t('auth.show_password')}
              </button>
            </div>
          )}
        </Field>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {busy ? t('common.loading') : t('auth.login.submit')}
        </button>
        <p className="mt-3 mb-0 small d-flex justify-content-between flex-wrap gap-2">
          <Link to={url('reset-password')}>{t('auth.login.forgot')}</Link>
          <Link to={url('signup')}>{t('auth.login.no_account')}</Link>
        </p>
      </Form>
    </section>
  );
}
