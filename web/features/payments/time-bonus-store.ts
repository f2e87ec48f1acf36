import { useEffect, useSyncExternalStore } from 'react';
import type { TTimeBonusResponse } from '#common/wire/payments.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { fetchTimeBonus } from './payments.api.ts';

/** The time bonus as the server answers it (null: none runs). */
type TTimeBonusAnswer = TTimeBonusResponse['time_bonus'];

/** The running time bonus (spec §4): when it ends on this device's clock, and its percentage. */
type TBonus = { endsAt: number; percentage: number };

let bonus: TBonus | null = null;
/** Whether the store has been set for this page yet; until then the page shows what the server rendered with. */
let known = false;
let secondsLeft = 0;
let ticker: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

function tick() {
  if (!bonus) return;
  secondsLeft = Math.max(0, Math.ceil((bonus.endsAt - Date.now()) / 1000));
  // Cleared at zero (spec §4).
  if (secondsLeft === 0) clearTimeBonus();
  emit();
}

/**
 * Starts the countdown. A second countdown is never started while one runs (spec §4): the one interval is reused.
 * The end is taken from the server's seconds left, so a wrong clock on the device changes nothing.
 */
function start(answer: NonNullable<TTimeBonusAnswer>) {
  known = true;
  bonus = { endsAt: Date.now() + answer.seconds_left * 1000, percentage: answer.percentage };
  secondsLeft = answer.seconds_left;
  ticker ??= setInterval(tick, 1000);
  emit();
}

/** Stops and forgets the time bonus (logout, zero, the first purchase). */
export function clearTimeBonus(): void {
  known = true;
  if (ticker) clearInterval(ticker);
  ticker = null;
  if (bonus) {
    bonus = null;
    secondsLeft = 0;
    emit();
  }
}

/** Loads the member's time bonus (spec §4: on login; only when logged in). */
export async function loadTimeBonus(): Promise<void> {
  const answer = await fetchTimeBonus().catch(() => null);
  if (!answer) return;
  if (answer.time_bonus && answer.time_bonus.seconds_left > 0) start(answer.time_bonus);
  else clearTimeBonus();
}

/**
 * Starts the time bonus when a member logs in (or becomes premium) and clears it on logout: from the root data's
 * answer when the page came with one (issue 32: the banner is in the server's HTML), else from the API.
 */
export function useTimeBonusLoader(
  userId: number | undefined,
  paid: boolean | undefined,
  fromServer?: TTimeBonusAnswer,
): void {
  useEffect(() => {
    if (!userId || paid) {
      clearTimeBonus();
      return;
    }
    if (fromServer === undefined) void loadTimeBonus();
    else if (fromServer && fromServer.seconds_left > 0) start(fromServer);
    else clearTimeBonus();
  }, [userId, paid, fromServer]);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/**
 * The running time bonus with its seconds left, re-rendering every second; null when there is none. Until the store
 * is set (the server's render and hydration) it is the root data's, so server and browser render the same banner.
 */
export function useTimeBonus(): { secondsLeft: number; percentage: number } | null {
  const fromServer = useRootData()?.timeBonus ?? null;
  const initialLeft = fromServer?.seconds_left ?? -1;
  const left = useSyncExternalStore(
    subscribe,
    () => (known ? (bonus ? secondsLeft : -1) : initialLeft),
    () => initialLeft,
  );
  const percentage = known ? bonus?.percentage : fromServer?.percentage;
  return left > 0 && percentage !== undefined ? { secondsLeft: left, percentage } : null;
}

/** hh:mm:ss (spec §4). */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
}
