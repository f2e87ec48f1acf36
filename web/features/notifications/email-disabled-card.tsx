import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_DISABLED_REASONS, type TEmailDisabledReason } from '#common/notifications.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { reenableEmail, type TReenableEmailResponse } from './notifications.api.ts';

/**
 * Email notifications are off for the whole account (spec §4 `notifications_disabled`): says why (spam complaint,
 * undeliverable address, unsubscribed from all) and offers to turn them back on; after a bounce the server first
 * sends a confirmation link to the address.
 */
export function EmailDisabledCard({
  reasons,
  email,
  onReenabled,
}: {
  reasons: readonly TEmailDisabledReason[];
  email: string;
  onReenabled: (answer: TReenableEmailResponse) => void;
}) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const { run, busy, error } = useAsyncAction();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const reenable = () =>
    run(async () => {
      const answer = await reenableEmail();
      if (answer.status === 'confirmation_sent') setSentTo(email);
      onReenabled(answer);
    });
  // The reasons in a fixed order, whatever order the server listed them in.
  const shown = EMAIL_DISABLED_REASONS.filter((reason) => reasons.includes(reason));
  return (
    <section className="card card-body border-warning mb-4" aria-labelledby="email-disabled-title">
      <h2 id="email-disabled-title" className="h5">
        {t('notifications.email_disabled.title')}
      </h2>
      {shown.map((reason) => (
        <p key={reason} className="mb-2">
          {t(`notifications.email_disabled.${reason}`, { email })}
        </p>
      ))}
      {sentTo ? (
        <p className="alert alert-info mb-0" role="status">
          {t('notifications.email_disabled.confirmation_sent', { email: sentTo })}
        </p>
      ) : (
        <button
          type="button"
          className="btn btn-primary align-self-start"
          disabled={busy || !isHydrated}
          onClick={() => void reenable()}
        >
          {t('notifications.email_disabled.reenable')}
        </button>
      )}
      {error ? (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
