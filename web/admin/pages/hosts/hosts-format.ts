/** How long ago a moment was, in the console's language ("12 minutes ago", "vor 3 Stunden"): Intl, no catalogue. */
export function agoText(iso: string, lng: string, now = Date.now()): string {
  const minutes = Math.round((new Date(iso).getTime() - now) / 60_000);
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  if (Math.abs(minutes) < 60) return format.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 48) return format.format(hours, 'hour');
  return format.format(Math.round(hours / 24), 'day');
}

/** A moment as date and time in the console's language. */
export const dateTimeText = (iso: string, lng: string) =>
  new Date(iso).toLocaleString(lng, { dateStyle: 'short', timeStyle: 'short' });
