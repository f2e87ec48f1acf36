import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARKETING_NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type TNotificationChannel,
  type TNotificationKind,
} from '#common/notifications.ts';
import type { TNotificationSettings } from '#common/wire/notifications.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { setNotification } from './notifications.api.ts';

type TKinds = TNotificationSettings['kinds'];
type TStatus = { kind: 'saved' } | { kind: 'error'; text: string } | null;

/** The kinds in the spec's order, whatever order the server sent them in. */
function ordered(kinds: TKinds): TKinds {
  return NOTIFICATION_KINDS.flatMap((kind) => kinds.filter((row) => row.kind === kind));
}

function withSwitch(kinds: TKinds, kind: TNotificationKind, channel: TNotificationChannel, on: boolean): TKinds {
  return kinds.map((row) => (row.kind === kind ? { ...row, [channel]: on } : row));
}

/**
 * A switch per kind and channel (spec §3 notification kinds), saved at once: the switch moves immediately and moves
 * back with a message when the server refuses. Saves go one after another, so the last click is what stays stored.
 */
export function NotificationSwitches({ initial }: { initial: TKinds }) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const [kinds, setKinds] = useState(() => ordered(initial));
  const [status, setStatus] = useState<TStatus>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  const change = (kind: TNotificationKind, channel: TNotificationChannel, enabled: boolean) => {
    setKinds((current) => withSwitch(current, kind, channel, enabled));
    setStatus(null);
    pending.current++;
    queue.current = queue.current.then(async () => {
      try {
        const stored = await setNotification({ kind, channel, enabled });
        // The server's word once nothing else is on its way (a marketing kind's switches follow its consent).
        if (pending.current === 1) setKinds(ordered(stored.kinds));
        setStatus({ kind: 'saved' });
      } catch {
        setKinds((current) => withSwitch(current, kind, channel, !enabled));
        setStatus({ kind: 'error', text: t('notifications.page.save_failed') });
      } finally {
        pending.current--;
      }
    });
  };

  return (
    <section className="card mb-4" aria-labelledby="notification-switches-title">
      <div className="card-body pb-0">
        <div className="d-flex flex-wrap align-items-baseline gap-2">
          <h2 id="notification-switches-title" className="h5 me-auto">
            {t('notifications.page.switches_title')}
          </h2>
          <span className="small text-success" role="status">
            {status?.kind === 'saved' ? t('common.saved') : null}
          </span>
        </div>
        <p className="small text-body-secondary mb-0">{t('notifications.page.push_note')}</p>
      </div>
      <div className="table-responsive">
        <table className="table align-middle mb-0 notification-switches">
          <thead>
            <tr>
              <th scope="col" className="ps-3">
                {t('notifications.page.kind_column')}
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="text-center" style={{ width: '4.5rem' }}>
                  {t(`notifications.page.${channel}_column`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {kinds.map((row, index) => {
              const label = t(`notifications.kinds.${row.kind}.label`);
              // The card's edge closes the table: no second line under the last row.
              const cell = index === kinds.length - 1 ? { borderBottomWidth: 0 } : undefined;
              return (
                <tr key={row.kind}>
                  <th scope="row" className="fw-normal ps-3" style={cell}>
                    <span id={`kind-${row.kind}`} className="fw-semibold">
                      {label}
                    </span>
                    {MARKETING_NOTIFICATION_KINDS.includes(row.kind) ? (
                      <span className="badge text-bg-light border ms-2">{t('notifications.page.optional')}</span>
                    ) : null}
                    <span id={`kind-${row.kind}-hint`} className="d-block small text-body-secondary">
                      {t(`notifications.kinds.${row.kind}.hint`)}
                    </span>
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel} className="text-center" style={cell}>
                      <div className="form-check form-switch d-inline-block fs-5 m-0 p-0">
                        <input
                          id={`switch-${row.kind}-${channel}`}
                          className="form-check-input m-0 float-none"
                          type="checkbox"
                          role="switch"
                          checked={row[channel]}
                          disabled={!isHydrated}
                          aria-label={t(`notifications.page.${channel}_switch`, { kind: label })}
                          aria-describedby={`kind-${row.kind}-hint`}
                          onChange={(e) => change(row.kind, channel, e.target.checked)}
                        />
                      </div>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {status?.kind === 'error' ? (
        <div className="alert alert-danger m-3" role="alert">
          {status.text}
        </div>
      ) : null}
    </section>
  );
}
