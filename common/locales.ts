import { DAY_S } from './time.ts';
/** The 11 interface languages of spec §1. */
export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;

export type TLocale = (typeof LOCALES)[number];

/** Default locale when neither cookie nor site language decides (spec §1). */
export const DEFAULT_LOCALE: TLocale = 'en';

/** Name of the locale cookie existing clients use. */
export const LOCALE_COOKIE = 'i18n_redirected';

/** Locale cookie lifetime: 365 days (spec §9). */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * DAY_S;

/** Each language's own name, shown in the language dropdown (never translated). */
export const LOCALE_NAMES: Record<TLocale, string> = {
  da: 'Dansk',
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  nb: 'Norsk bokmål',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
};

/** Locale visibility per country (spec §1), first entry is the country's main language. */
export const COUNTRY_LOCALES: Record<string, readonly TLocale[]> = {
  US: ['en', 'es'],
  NL: ['nl'],
  BE: ['nl', 'fr', 'de'],
  FR: ['fr'],
  IT: ['it'],
  ES: ['es'],
  DE: ['de'],
  AT: ['de'],
  IE: ['en'],
  GB: ['en'],
  CA: ['en', 'fr'],
  PL: ['pl'],
  AU: ['en'],
  NZ: ['en'],
  CH: ['de', 'it', 'fr', 'en'],
  DK: ['da'],
  FI: ['fi', 'sv'],
  NO: ['nb'],
  SE: ['sv'],
};

/** The 19 countries the product serves (spec §1). */
export const COUNTRIES = Object.keys(COUNTRY_LOCALES);

/** True when the value is one of the 11 supported locale codes. */
export function isLocale(value: unknown): value is TLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Locales offered in the language dropdown: those visible in the country plus the current one. */
export function visibleLocales(country: string | null | undefined, current: TLocale): TLocale[] {
  const forCountry = (country && COUNTRY_LOCALES[country.toUpperCase()]) || LOCALES;
  const list = forCountry.includes(current) ? [...forCountry] : [current, ...forCountry];
  return list;
}
