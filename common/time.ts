/**
 * Durations in milliseconds, for intervals, timeouts and windows (`10 * MINUTE_MS`, not `600_000`). Moving a date by a
 * duration uses date-fns (`addHours(now(), ACTIVATION_HOURS)`, `subDays(at, 1)`), never `getTime() ± n * 86_400_000`.
 */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Whole seconds from `from` until `until`, at least `min` (a `retry_after` never says 0). */
export function secondsUntil(until: Date, from: Date, min = 1): number {
  return Math.max(min, Math.ceil((until.getTime() - from.getTime()) / SECOND_MS));
}
