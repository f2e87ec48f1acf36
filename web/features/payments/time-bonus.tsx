import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { STORAGE_KEYS, TIME_BONUS_POPUP_DELAY_MS } from '#common/constants.ts';
import { useCredits } from '#web/lib/credits-store.ts';
import { markAlertHidden } from '#web/lib/hidden-alerts.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { lazyDialog } from '#web/components/lazy-dialog.tsx';
import { url } from '#web/lib/url.ts';
import { formatCountdown, useTimeBonus } from './time-bonus-store.ts';

/** The members area of spec §4 (ROUTES.md): where the time-bonus banner and popup appear. */
export const MEMBERS_AREA = new Set([
  'members',
  'members-id',
  'chats',
  'chats-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'premium',
]);

/**
 * Where the popup never opens (issue 31): over a conversation (the member is writing) and on the way to pay (the
 * credits, method, direct debit and result pages; these are outside the members area anyway, listed to stay so).
 */
const NO_POPUP = new Set([
  'chats-id',
  'credits',
  'credits-id-paymentmethod',
  'credits-repeat-order',
  'directdebit',
  'transactions',
]);

/** The countdown, announced to screen readers only on request (a ticking live region would talk every second). */
export function Countdown({ seconds }: { seconds: number }) {
  return (
    <time className="time-bonus-countdown font-monospace fw-bold" dateTime={`PT${seconds}S`}>
      {formatCountdown(seconds)}
    </time>
  );
}

/**
 * The welcome-bonus banner (spec §2) driven by the time bonus (spec §4): a top banner in the members area while
 * the bonus runs, leading to the credits page where the welcome discount applies by itself. The member can close it
 * (issue 31: one banner at a time, and none that cannot be put away); the offer itself stays on the credits page.
 */
export function TimeBonusBanner() {
  const { t } = useTranslation();
  const bonus = useTimeBonus();
  // Rendered with the page (issue 32); a dismissal (localStorage, browser only) hides it from the first paint through
  // the head script's mark (web/lib/hidden-alerts.ts) and removes it once hydrated.
  const [closed, setClosed] = useState(false);
  useEffect(() => setClosed(readStored(STORAGE_KEYS.hideTimeBonusBanner) !== null), []);
  if (!bonus || closed) return null;
  const close = () => {
    writeStored(STORAGE_KEYS.hideTimeBonusBanner, String(Date.now()));
    markAlertHidden('time-bonus');
    setClosed(true);
  };
  return (
    <aside
      className="time-bonus-banner position-relative"
      aria-label={t('time_bonus.banner_label')}
      data-alert="time-bonus"
    >
      <button
        type="button"
        className="btn-close btn-close-white position-absolute top-0 end-0 m-2"
        aria-label={t('alerts.dismiss')}
        onClick={close}
      />
      <div className="container d-flex flex-wrap align-items-center justify-content-center gap-2 py-2 px-5">
        <span>{t('time_bonus.banner', { percent: bonus.percentage })}</span>
        <span>
          {t('time_bonus.ends_in')} <Countdown seconds={bonus.secondsLeft} />
        </span>
        <Link className="btn btn-light btn-sm fw-semibold" to={url('credits')}>
          {t('time_bonus.cta', { percent: bonus.percentage })}
        </Link>
      </div>
    </aside>
  );
}

/** The modal loads when the popup first opens (issue 32). */
const TimeBonusDialog = lazyDialog(() => import('./time-bonus-dialog.tsx'));

/**
 * The welcome-bonus modal as the time-bonus popup (spec §2, §4): opens 40 s after entering the members area, only
 * with 0 credits and when not dismissed before; closing stores the dismissal time under hide-time-bonus-modal;
 * leaving the area cancels the timer (this component unmounts with it).
 */
export function TimeBonusPopup({ credits: fromPage }: { credits: number }) {
  const bonus = useTimeBonus();
  const credits = useCredits(fromPage);
  const [open, setOpen] = useState(false);
  const matches = useMatches();
  const quiet = NO_POPUP.has(matches[matches.length - 1]?.id ?? '');
  const running = Boolean(bonus);
  const eligible = running && credits === 0 && !quiet;
  useEffect(() => {
    if (!eligible || readStored(STORAGE_KEYS.hideTimeBonusModal)) return;
    const timer = setTimeout(() => setOpen(true), TIME_BONUS_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible]);
  const close = () => {
    writeStored(STORAGE_KEYS.hideTimeBonusModal, String(Date.now()));
    setOpen(false);
  };
  if (!bonus) return null;
  return (
    <TimeBonusDialog
      show={open && !quiet}
      onHide={close}
      percentage={bonus.percentage}
      secondsLeft={bonus.secondsLeft}
    />
  );
}
