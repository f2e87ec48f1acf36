import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData } from 'react-router';
import { adminPath } from '#common/routes.ts';
import { adminStaffApi, type TStaffLoginStep } from '#common/wire/admin/staff.ts';
import { appContext } from '#web/lib/app-context.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { TwoFactorStep } from '#web/admin/features/auth/two-factor-step.tsx';
import type { Route } from './+types/enrol.page';

/** Who the link is for; opening it changes nothing (the password form does). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const enrolment = token ? await context.get(appContext).services.staffAuth.enrolment(token) : null;
  return { token, enrolment };
}

export function meta() {
  return [
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

/** Enrolment from the one-time link: choose a password, set up the authenticator, note the recovery codes. */
export default function AdminEnrolPage() {
  const { token, enrolment } = useLoaderData<typeof loader>();
  const { t } = useTranslation('admin');
  const action = useAsyncAction();
  const isHydrated = useHydrated();
  const [step, setStep] = useState<TStaffLoginStep | null>(null);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const mismatch = repeat.length > 0 && password !== repeat;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    void action.run(async () => setStep(await api.call(adminStaffApi.enrol, { token, password })));
  };
  return (
    <section className="card shadow-sm mt-md-5 w-100" style={{ maxWidth: 460 }}>
      <div className="card-body p-4">
        <title>{t('enrol.title')}</title>
        <h1 className="h4 mb-3">{t('enrol.title')}</h1>
        {!enrolment && !step ? (
          <div className="alert alert-warning" role="alert">
            {t('enrol.invalid')}
          </div>
        ) : step ? (
          <TwoFactorStep step={step} onDone={() => window.location.assign(adminPath('admin'))} />
        ) : enrolment ? (
          <form onSubmit={submit}>
            <p>
              {t('enrol.intro', { name: enrolment.name, email: enrolment.email, role: t(`roles.${enrolment.role}`) })}
            </p>
            <div className="mb-3">
              <label className="form-label" htmlFor="enrol-password">
                {t('enrol.password')}
              </label>
              <input
                id="enrol-password"
                type="password"
                className="form-control"
                autoComplete="new-password"
                required
                minLength={12}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                aria-describedby="enrol-password-help"
              />
              <div id="enrol-password-help" className="form-text">
                {t('enrol.password_help')}
              </div>
            </div>
            <div className="mb-3">
              <label className="form-label" htmlFor="enrol-repeat">
                {t('enrol.repeat')}
              </label>
              <input
                id="enrol-repeat"
                type="password"
                className={`form-control ${mismatch ? 'is-invalid' : ''}`}
                autoComplete="new-password"
                required
                value={repeat}
                onChange={(e) => setRepeat(e.target.value)}
              />
              {mismatch ? <div className="invalid-feedback">{t('enrol.mismatch')}</div> : null}
            </div>
            {action.error ? (
              <div className="alert alert-danger" role="alert">
                {action.error}
              </div>
            ) : null}
            <button
              type="submit"
              className="btn btn-primary w-100"
              disabled={!isHydrated || action.busy || password.length < 12 || mismatch}
            >
              {action.busy ? t('common.working') : t('enrol.submit')}
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
