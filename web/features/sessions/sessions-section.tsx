import { useTranslation } from 'react-i18next';
import type { TSession } from '#common/wire/sessions.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { CardStatus, useCardAction } from '../settings/use-card-action.tsx';
import { endOtherSessions, endSession, fetchSessions } from './sessions.api.ts';
import { DAY_S, HOUR_S } from '#common/time.ts';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', DAY_S],
  ['hour', HOUR_S],
  ['minute', 60],
];

/** 'x minutes/hours/days ago' in the member's language, or null under a minute. */
function timeAgo(iso: string, locale: string, now: number): string | null {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  const unit = UNITS.find(([, size]) => seconds >= size);
  if (!unit) return null;
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-Math.floor(seconds / unit[1]), unit[0]);
}

/** The sessions and when they were loaded ('last active' counts from then, so rendering stays pure). */
type TLoaded = { sessions: TSession[]; at: number };

/** The list with the time it arrived. */
function stamped(sessions: TSession[]): TLoaded {
  return { sessions, at: Date.now() };
}

/**
 * Settings card of the member's active sessions: browser and system, country, last active, this device
 * marked, with "log out" for each other session and "log out all others". Loaded after hydration.
 */
export function SessionsSection() {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = root?.locale ?? 'en';
  const isHydrated = useHydrated();
  const { data: loaded, busy, run, status } = useCardAction<TLoaded>(() => fetchSessions().then(stamped));
  const sessions = loaded?.sessions ?? null;
  const act = (work: () => Promise<TSession[]>, done: string) => run(() => work().then(stamped), done);
  const disabled = busy || !isHydrated || !sessions;
  const others = sessions?.filter((s) => !s.current) ?? [];
  return (
    <div className="card card-body mb-4" aria-labelledby="settings-sessions">
      <h2 id="settings-sessions" className="h5">
        {t('sessions.title')}
      </h2>
      <p className="text-body-secondary small">{t('sessions.intro')}</p>
      {!sessions ? (
        <p className="text-body-secondary">{t('common.loading')}</p>
      ) : (
        <ul className="list-group mb-3">
          {sessions.map((s) => {
            const ago = timeAgo(s.last_active, locale, loaded?.at ?? 0);
            return (
              <li key={s.id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
                <div className="flex-grow-1" style={{ minWidth: 0 }}>
                  <div className="fw-semibold text-break">
                    {s.browser && s.os
                      ? t('sessions.browser_on_os', { browser: s.browser, os: s.os })
                      : (s.browser ?? s.os ?? t('sessions.unknown_browser'))}
                    {s.current ? <span className="badge text-bg-success ms-2">{t('sessions.this_device')}</span> : null}
                  </div>
                  <div className="small text-body-secondary">
                    {s.country_name ?? t('sessions.unknown_place')} ·{' '}
                    {s.current
                      ? t('sessions.active_now')
                      : ago
                        ? t('sessions.last_active', { when: ago })
                        : t('sessions.active_now')}
                  </div>
                </div>
                {s.current ? null : (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-secondary"
                    disabled={disabled}
                    onClick={() => void act(() => endSession(s.id), t('sessions.ended'))}
                  >
                    {t('sessions.log_out')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {others.length > 0 ? (
        <button
          type="button"
          className="btn btn-outline-danger align-self-start"
          disabled={disabled}
          onClick={() => void act(endOtherSessions, t('sessions.others_ended'))}
        >
          {t('sessions.log_out_others')}
        </button>
      ) : null}
      <CardStatus status={status} />
    </div>
  );
}
