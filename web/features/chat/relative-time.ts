import { differenceInCalendarDays, differenceInSeconds, formatDistanceStrict, isSameDay, type Locale } from 'date-fns';
import { da } from 'date-fns/locale/da';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fi } from 'date-fns/locale/fi';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { nb } from 'date-fns/locale/nb';
import { nl } from 'date-fns/locale/nl';
import { pl } from 'date-fns/locale/pl';
import { sv } from 'date-fns/locale/sv';

/** date-fns locales of the app's languages (locales/*.json). */
const LOCALES: Record<string, Locale> = { da, de, en: enGB, es, fi, fr, it, nb, nl, pl, sv };

/**
 * When the newest message of a conversation came, for the list: null under a minute (the caller says "now"), a
 * relative time in the member's language within a week ("5 minutes ago"), else the date.
 */
export function chatListTime(iso: string, language: string, now: Date = new Date()): string | null {
  const date = new Date(iso);
  if (differenceInSeconds(now, date) < 60) return null;
  if (differenceInCalendarDays(now, date) < 7) {
    return formatDistanceStrict(date, now, { addSuffix: true, locale: LOCALES[language] ?? enGB });
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'short' }).format(date);
}

/**
 * A message's time in its bubble: the time of day for today's messages ("14:05"), date and time for older ones; the
 * full date and time is the `title` (`bubbleTitle`).
 */
export function bubbleTime(iso: string, language: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const style: Intl.DateTimeFormatOptions = isSameDay(date, now)
    ? { timeStyle: 'short' }
    : { dateStyle: 'short', timeStyle: 'short' };
  return new Intl.DateTimeFormat(language, style).format(date);
}

/** A message's full date and time (the bubble time's tooltip). */
export function bubbleTitle(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(new Date(iso));
}
