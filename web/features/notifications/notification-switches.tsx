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
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { setNotification } from './notifications.api.ts';

type TKinds = TNotificationSettings['kinds'];
/** One click on a switch: which kind and channel, turned on or off. */
export type TSwitchChange = { kind: TNotificationKind; channel: TNotificationChannel; enabled: boolean };

/** The kinds in the spec's order, whatever order the server sent them in. */
function ordered(kinds: TKinds): TKinds {
  return NOTIFICATION_KINDS.flatMap((kind) => kinds.filter((row) => row.kind === kind));
}

/** The switches with one of them moved. */
function withSwitch(kinds: TKinds, { kind, channel, enabled }: TSwitchChange): TKinds {
  return kinds.map((row) => (row.kind === kind ? { ...row, [channel]: enabled } : row));
}

/**
 * Stores the waiting clicks one by one, oldest first, until none is left (clicks made meanwhile included), so the last
 * click is what stays stored. A refused click goes to `onRefused`; the server's answer goes to `onStored` only when no
 * other click waits (it is the word on every switch). Answers whether every click was stored.
 */
export async function saveInOrder(
  waiting: TSwitchChange[],
  handlers: {
    save: (change: TSwitchChange) => Promise<TNotificationSettings>;
    onStored: (kinds: TKinds) => void;
    onRefused: (change: TSwitchChange) => void;
    signal: AbortSignal;
  },
): Promise<boolean> {
  let isAllStored = true;
  while (waiting.length > 0 && !handlers.signal.aborted) {
    const next = waiting[0];
    try {
      const stored = await handlers.save(next);
      if (waiting.length === 1) handlers.onStored(stored.kinds);
    } catch {
      handlers.onRefused(next);
      isAllStored = false;
    }
    waiting.shift();
  }
  return isAllStored;
}

/**
 * A switch per kind and channel (spec §3 notification kinds), saved at once: the switch moves immediately and moves
 * back with a message when the server refuses. Saves go one after another, so the last click is what stays stored.
 */
export function NotificationSwitches({ initial }: { initial: TKinds }) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const [kinds, setKinds] = useState(() => ordered(initial));
  const [isSaved, setIsSaved] = useState(false);
  const { run, error } = useAsyncAction();
  // Clicks not yet stored, oldest first.
  const unsaved = useRef<TSwitchChange[]>([]);

  /** Stores the waiting clicks; a refused one moves back, and the message shows once all are through. */
  const saveWaiting = async (signal: AbortSignal) => {
    const isAllStored = await saveInOrder(unsaved.current, {
      save: setNotification,
      // The server's word (a marketing kind's switches follow its consent).
      onStored: (stored) => setKinds(ordered(stored)),
      onRefused: (refused) => setKinds((current) => withSwitch(current, { ...refused, enabled: !refused.enabled })),
      signal,
    });
    if (!isAllStored) throw new Error('notification switch refused');
    setIsSaved(true);
  };

  const change = (next: TSwitchChange) => {
    setKinds((current) => withSwitch(current, next));
    setIsSaved(false);
    unsaved.current.push(next);
    // While a save runs, run() starts no second one: the running one takes this click too.
    void run(saveWaiting, { error: () => t('notifications.page.save_failed') });
  };

  return (
    <section className="card mb-4" aria-labelledby="notification-switches-title">
      <div className="card-body pb-0">
        <div className="d-flex flex-wrap align-items-baseline gap-2">
          <h2 id="notification-switches-title" className="h5 me-auto">
            {t('notifications.page.switches_title')}
          </h2>
          <span className="small text-success" role="status">
            {isSaved ? t('common.saved') : null}
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
                          onChange={(e) => change({ kind: row.kind, channel, enabled: e.target.checked })}
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
      {error ? (
        <div className="alert alert-danger m-3" role="alert">
          {error}
        </div>
      ) : null}
    </section>
  );
}
