import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRevalidator, useSearchParams } from 'react-router';
import { PASSWORD_MAX, PASSWORD_MIN } from '#common/accounts.ts';
import type { TPasswordChangeRequest } from '#common/wire/accounts.ts';
import { LOCALE_NAMES, LOCALES, type TLocale } from '#common/locales.ts';
import { PageTitle } from '#web/components/page-title.tsx';
import { changePassword, requestMailChange, setInvisible } from '#web/features/accounts/accounts.api.ts';
import { CheckField, Field } from '#web/lib/form/field.tsx';
import { CurrentPasswordField } from '#web/lib/form/current-password-field.tsx';
import { NewPasswordFields } from '#web/lib/form/new-password-fields.tsx';
import { PrivacySettings } from '#web/features/privacy/privacy-settings.tsx';
import { DataExportSection } from '#web/features/privacy/data-export-section.tsx';
import { requireMember } from '#web/lib/require-user.server.ts';
import { SessionsSection } from '#web/features/sessions/sessions-section.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { appContext } from '#web/lib/app-context.ts';
import { useChangeLocale } from '#web/lib/locale.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { url } from '#web/lib/url.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import type { Route } from './+types/settings.page';

/** Members only; the page reads the account from the root data. */
export function loader({ context, request }: Route.LoaderArgs) {
  requireMember(context.get(appContext), request);
  return null;
}

type TStatus = { kind: 'success' | 'danger'; text: string } | null;

/** Runs a settings call and turns its outcome into a translated status line; `busy` until hydrated too. */
function useSubmit() {
  const { t } = useTranslation();
  const action = useAsyncAction();
  const [done, setDone] = useState<string | null>(null);
  // Before hydration a submit would be a native GET carrying the passwords in the address.
  const isHydrated = useHydrated();
  const run = async (work: () => Promise<unknown>, success: string) => {
    setDone(null);
    const ok = await action.run(
      async () => {
        await work();
        return true;
      },
      { error: (err, fallback) => issueText(err) ?? (err instanceof Error ? err.message : fallback) },
    );
    if (ok) setDone(success);
  };
  /** The first field issue of a refused change, in words. */
  const issueText = (err: unknown) => {
    const issues =
      err instanceof ApiError ? (err.data as { issues?: { message: string }[] } | undefined)?.issues : undefined;
    return issues?.length ? t(issues[0].message, { min: PASSWORD_MIN, max: PASSWORD_MAX }) : null;
  };
  const status: TStatus = action.error
    ? { kind: 'danger', text: action.error }
    : done
      ? { kind: 'success', text: done }
      : null;
  return { status, busy: action.busy || !isHydrated, run };
}

function Status({ status }: { status: TStatus }) {
  if (!status) return null;
  return (
    <div className={`alert alert-${status.kind} mt-3 mb-0`} role={status.kind === 'danger' ? 'alert' : 'status'}>
      {status.text}
    </div>
  );
}

function PasswordSection() {
  const { t } = useTranslation();
  const { status, busy, run } = useSubmit();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    void run(async () => {
      await changePassword(data as TPasswordChangeRequest);
      form.reset();
    }, t('settings.password_changed'));
  };
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="settings-password">
      <h2 id="settings-password" className="h5">
        {t('settings.password_title')}
      </h2>
      <CurrentPasswordField id="old-password" name="old_password" className="mb-2" />
      <NewPasswordFields idPrefix="new" />
      <button type="submit" className="btn btn-primary align-self-start" disabled={busy}>
        {t('settings.password_submit')}
      </button>
      <Status status={status} />
    </form>
  );
}

function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const { status, busy, run } = useSubmit();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const value = String(data.get('email') ?? '');
    const sent = t('settings.email_sent', { email: value });
    void run(async () => {
      await requestMailChange({ email: value, password: String(data.get('password') ?? '') });
      form.reset();
    }, sent);
  };
  return (
    <form className="card card-body mb-4" onSubmit={submit} aria-labelledby="settings-email">
      <h2 id="settings-email" className="h5">
        {t('settings.email_title')}
      </h2>
      <p className="small text-body-secondary">{t('settings.email_current', { email })}</p>
      <Field id="new-email" label={t('settings.new_email')} className="mb-2" labelClassName="form-label">
        {(wiring) => (
          <input {...wiring} name="email" type="email" className="form-control" autoComplete="email" required />
        )}
      </Field>
      <CurrentPasswordField id="email-password" name="password" />
      <button type="submit" className="btn btn-primary align-self-start" disabled={busy}>
        {t('settings.email_submit')}
      </button>
      <Status status={status} />
    </form>
  );
}

/** Account settings: language, invisible mode, password, email and account deletion (accounts issue). */
export default function SettingsPage() {
  const { t } = useTranslation();
  const root = useRootData();
  const [params] = useSearchParams();
  const changeLocale = useChangeLocale();
  const revalidator = useRevalidator();
  const invisible = useSubmit();
  const isHydrated = useHydrated();
  const user = root?.user;
  if (!user || !root) return null;
  const notice = params.has('reactivated')
    ? t('settings.reactivated')
    : params.has('password_reset')
      ? t('settings.password_changed')
      : null;
  return (
    <section className="container py-4" style={{ maxWidth: 720 }}>
      <PageTitle title={t('nav.settings')} />
      <h1 className="h3 mb-4">{t('nav.settings')}</h1>
      {notice ? (
        <div className="alert alert-success" role="status">
          {notice}
        </div>
      ) : null}
      <div className="card card-body mb-4">
        <h2 className="h5">{t('nav.language')}</h2>
        <Field id="settings-language" label={t('nav.choose_language')} className="" labelClassName="form-label">
          {(wiring) => (
            <select
              {...wiring}
              className="form-select"
              value={root.locale}
              onChange={(e) => void changeLocale(e.target.value as TLocale)}
              disabled={!isHydrated}
            >
              {LOCALES.map((lng) => (
                <option key={lng} value={lng} lang={lng}>
                  {LOCALE_NAMES[lng]}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="card card-body mb-4">
        <h2 className="h5">{t('settings.invisible_title')}</h2>
        <CheckField
          id="settings-invisible"
          label={t('settings.invisible_label')}
          isSwitch
          className=""
          role="switch"
          checked={user.invisible}
          disabled={invisible.busy}
          onChange={(e) =>
            void invisible.run(
              async () => {
                await setInvisible(e.target.checked);
                await revalidator.revalidate();
              },
              e.target.checked ? t('settings.invisible_on') : t('settings.invisible_off'),
            )
          }
        />
        <Status status={invisible.status} />
      </div>
      <div className="card card-body mb-4">
        <h2 className="h5">{t('nav.notifications')}</h2>
        <p className="mb-2">{t('notifications.page.settings_text')}</p>
        <Link to={url('notifications')} className="btn btn-outline-primary align-self-start">
          {t('notifications.page.settings_link')}
        </Link>
      </div>
      <PasswordSection />
      <EmailSection email={user.email} />
      <SessionsSection />
      <PrivacySettings />
      <DataExportSection />
      <div className="card card-body border-danger-subtle">
        <h2 className="h5">{t('settings.delete_title')}</h2>
        <p className="mb-2">{t('settings.delete_text')}</p>
        <Link to={url('settings-delete')} className="btn btn-outline-danger align-self-start">
          {t('settings.delete_link')}
        </Link>
      </div>
    </section>
  );
}
