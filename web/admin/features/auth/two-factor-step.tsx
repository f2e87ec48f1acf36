import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminStaffApi, type TStaffLoginStep } from '#common/wire/admin/staff.ts';
import { api } from '#web/lib/api.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * The step after the password: the authenticator code, or, on the first login, setting the authenticator up (QR code
 * and the secret to type by hand) and then the recovery codes, shown once. `onDone` runs with the session started.
 */
export function TwoFactorStep({ step, onDone }: { step: TStaffLoginStep; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const action = useAsyncAction();
  const isHydrated = useHydrated();
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void action.run(async () => {
      const answer = await api.call(adminStaffApi.verify, { ticket: step.ticket, code });
      if (answer.recoveryCodes) setRecoveryCodes(answer.recoveryCodes);
      else onDone();
    });
  };
  if (recoveryCodes)
    return (
      <div>
        <h2 className="h5">{t('login.recovery_title')}</h2>
        <p>{t('login.recovery_intro')}</p>
        <ul className="list-unstyled font-monospace row row-cols-2 g-1 mb-3" aria-label={t('login.recovery_title')}>
          {recoveryCodes.map((c) => (
            <li key={c} className="col">
              {c}
            </li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary w-100" onClick={onDone}>
          {t('login.recovery_done')}
        </button>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate>
      {step.step === 'enrol' ? (
        <>
          <h2 className="h5">{t('login.enrol_title')}</h2>
          <p>{t('login.enrol_intro')}</p>
          <div
            className="mx-auto mb-2 bg-white p-2 border"
            style={{ width: 200, height: 200 }}
            role="img"
            aria-label={t('login.qr_label')}
            // Our own SVG, drawn by the server from the otpauth address (qrcode): no markup from anyone else.
            dangerouslySetInnerHTML={{ __html: step.qrSvg }}
          />
          <p className="small text-body-secondary">
            {t('login.enrol_manual')} <code className="user-select-all">{step.secret}</code>
          </p>
        </>
      ) : (
        <h2 className="h5">{t('login.code_title')}</h2>
      )}
      <label className="form-label" htmlFor="admin-code">
        {t('login.code_label')}
      </label>
      <input
        id="admin-code"
        className={`form-control ${action.error ? 'is-invalid' : ''}`}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        autoComplete="one-time-code"
        inputMode={step.step === 'enrol' ? 'numeric' : 'text'}
        required
        minLength={6}
        maxLength={20}
        autoFocus
        aria-describedby="admin-code-help"
      />
      <div id="admin-code-help" className="form-text">
        {step.step === 'enrol' ? t('login.enrol_code_help') : t('login.code_help')}
      </div>
      {action.error ? (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {action.error}
        </div>
      ) : null}
      <button
        type="submit"
        className="btn btn-primary w-100 mt-3"
        disabled={!isHydrated || action.busy || code.length < 6}
      >
        {action.busy ? t('common.working') : t('login.verify')}
      </button>
    </form>
  );
}
