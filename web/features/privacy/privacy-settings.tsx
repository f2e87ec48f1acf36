import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETING_CONSENT_KINDS, type TSettableConsentKind } from '#common/consents.ts';
import type { TConsentsState } from '#common/wire/consents.ts';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { url } from '#web/lib/url.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { CardStatus, useCardAction } from '../settings/use-card-action.tsx';
import { changeConsent, fetchConsents } from './consents.api.ts';

/**
 * Settings card of the member's consents: the Art. 9 consent to process their orientation, with
 * what withdrawing means, and the marketing opt-ins (unticked unless given).
 */
export function PrivacySettings() {
  const { t } = useTranslation();
  const root = useRootData();
  const isHydrated = useHydrated();
  const { data: state, busy, run, status } = useCardAction<TConsentsState>(fetchConsents);
  const { confirm, dialog } = useConfirm();
  const change = (kind: TSettableConsentKind, given: boolean, done: string) =>
    run(() => changeConsent({ kind, given }), done);
  const disabled = busy || !isHydrated || !state;
  const orientation = state?.orientation;
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(root?.locale ?? 'en', { dateStyle: 'long' }).format(new Date(iso)) : '';
  return (
    <div className="card card-body mb-4" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy" className="h5">
        {t('consent.settings_title')}
      </h2>
      <h3 className="h6 mt-2">{t('consent.orientation_title')}</h3>
      {!state ? (
        <p className="text-body-secondary">{t('common.loading')}</p>
      ) : orientation?.given ? (
        <>
          <p className="mb-2">{t('consent.orientation_given', { date: date(orientation.given_at) })}</p>
          <p className="small text-body-secondary mb-2">
            <Trans i18nKey="consent.withdraw_explain" components={{ delete: <Link to={url('settings-delete')} /> }} />
          </p>
          <button
            type="button"
            className="btn btn-outline-danger align-self-start"
            disabled={disabled}
            onClick={async () => {
              const isConfirmed = await confirm({
                title: t('consent.withdraw_confirm'),
                confirmLabel: t('consent.withdraw'),
                variant: 'danger',
              });
              if (isConfirmed) void change('orientation', false, t('consent.withdrawn'));
            }}
          >
            {t('consent.withdraw')}
          </button>
        </>
      ) : (
        <>
          <p className="mb-2">{t('consent.orientation_not_given')}</p>
          <p className="small text-body-secondary mb-2">{t('consent.orientation_label')}</p>
          <button
            type="button"
            className="btn btn-outline-primary align-self-start"
            disabled={disabled}
            onClick={() => void change('orientation', true, t('consent.given'))}
          >
            {t('consent.give')}
          </button>
        </>
      )}
      <h3 className="h6 mt-4">{t('consent.marketing_title')}</h3>
      {MARKETING_CONSENT_KINDS.map((kind) => (
        <div key={kind} className="form-check form-switch">
          <input
            id={`settings-consent-${kind}`}
            className="form-check-input"
            type="checkbox"
            role="switch"
            checked={Boolean(state?.[kind].given)}
            disabled={disabled}
            onChange={(e) => void change(kind, e.target.checked, t('consent.saved'))}
          />
          <label className="form-check-label" htmlFor={`settings-consent-${kind}`}>
            {t(`consent.${kind}`)}
          </label>
        </div>
      ))}
      <p className="form-text mb-0">{t('consent.marketing_hint')}</p>
      <CardStatus status={status} />
      {dialog}
    </div>
  );
}
