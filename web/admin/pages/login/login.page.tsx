import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { redirect, useSearchParams } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { safeRedirect } from '#common/safe-redirect.ts';
import { adminStaffApi, type TStaffLoginStep } from '#common/wire/admin/staff.ts';
import { appContext } from '#web/lib/app-context.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { TwoFactorStep } from '#web/admin/features/auth/two-factor-step.tsx';
import type { Route } from './+types/login.page';

/** Where a console login goes on: the `redirect` query inside the console, else its home. */
function nextPage(search: URLSearchParams, origin: string): string {
  const target = safeRedirect(search.get('redirect'), origin, adminPath('admin'));
  return target.startsWith(adminPath('admin')) ? target : adminPath('admin');
}

/** A logged-in staff member goes straight on. */
export function loader({ context, request }: Route.LoaderArgs) {
  const address = new URL(request.url);
  if (context.get(appContext).staff) throw redirect(nextPage(address.searchParams, address.origin));
  return null;
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

/** Console login: email and password, then the authenticator code (set up on the first login). */
export default function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const [search] = useSearchParams();
  const action = useAsyncAction();
  const isHydrated = useHydrated();
  const [step, setStep] = useState<TStaffLoginStep | null>(null);
  const [form, setForm] = useState({ email: '', password: '' });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void action.run(async () => setStep(await api.call(adminStaffApi.login, form)));
  };
  // A full load: the console layout's loader reads the new session.
  const done = () => window.location.assign(nextPage(search, window.location.origin));
  return (
    <section className="card shadow-sm mt-md-5 w-100" style={{ maxWidth: 420 }}>
      <div className="card-body p-4">
        <title>{t('login.title')}</title>
        <h1 className="h4 mb-3">{t('login.title')}</h1>
        {step ? (
          <TwoFactorStep step={step} onDone={done} />
        ) : (
          <form onSubmit={submit}>
            <div className="mb-3">
              <label className="form-label" htmlFor="admin-email">
                {t('login.email')}
              </label>
              <input
                id="admin-email"
                type="email"
                className="form-control"
                autoComplete="username"
                required
                value={form.email}
                onChange={(e) => setForm({ ...form, email: e.target.value })}
              />
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="admin-password">
                {t('login.password')}
              </label>
              <input
                id="admin-password"
                type="password"
                className="form-control"
                autoComplete="current-password"
                required
                value={form.password}
                onChange={(e) => setForm({ ...form, password: e.target.value })}
              />
            </div>
            {action.error ? (
              <div className="alert alert-danger" role="alert">
                {action.error}
              </div>
            ) : null}
            <button type="submit" className="btn btn-primary w-100" disabled={!isHydrated || action.busy}>
              {action.busy ? t('common.working') : t('login.submit')}
            </button>
          </form>
        )}
      </div>
    </section>
  );
}
