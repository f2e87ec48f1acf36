import { isLocale, type TLocale } from '#common/locales.ts';

/** Language ranges read from one header at most (a header of thousands of ranges costs nothing more). */
const MAX_RANGES = 20;

/** Primary subtags that name one of the 11 languages by another code (Norwegian: bokmål is what we have). */
const ALIASES: Record<string, TLocale> = { no: 'nb', nn: 'nb' };

/**
 * The visitor's most preferred of the 11 languages by an `Accept-Language` header (RFC 9110: weights, then order;
 * a regional tag matches its language, `nl-BE` → nl), or null when it names none of them.
 */
export function preferredLocale(header: string | undefined): TLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .slice(0, MAX_RANGES)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const weight = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
      const primary = tag.trim().toLowerCase().split('-')[0];
      return { locale: ALIASES[primary] ?? primary, q: weight ? Number(weight[1]) : 1, index };
    })
    .filter((range) => range.q > 0 && isLocale(range.locale));
  ranges.sort((a, b) => b.q - a.q || a.index - b.index);
  return (ranges[0]?.locale as TLocale | undefined) ?? null;
}
