/**
 * Durations in milliseconds, for intervals, timeouts and windows (`10 * MINUTE_MS`, not `600_000`). Moving a date by a
 * duration uses date-fns (`addHours(now(), ACTIVATION_HOURS)`, `subHours(at, 24)`), never `getTime() ± n * 86_400_000`.
 * A window of days is 24-hour days, `subHours(at, days * 24)`: date-fns `subDays` moves by calendar days in the
 * process's time zone (23 or 25 hours across a daylight-saving change).
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The same in seconds, for what counts in seconds (cookie max-age, Retry-After, push TTL, token expiry). */
export const HOUR_S = HOUR_MS / SECOND_MS;
export const DAY_S = DAY_MS / SECOND_MS;

/** Whole seconds from `from` until `until`, at least `min` (a `retry_after` never says 0). */
export function secondsUntil(until: Date, from: Date, min = 1): number {
  return Math.max(min, Math.ceil((until.getTime() - from.getTime()) / SECOND_MS));
}
