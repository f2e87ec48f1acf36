import i18next, { type i18n, type Resource } from 'i18next';
import type { TLocale } from './locales.ts';

/** Creates an initialised i18next instance for one locale (one per locale, never per request). */
export function createI18n(lng: TLocale, catalogue: Record<string, unknown>): i18n {
  const instance = i18next.createInstance();
  const resources: Resource = { [lng]: { translation: catalogue } };
  void instance.init({
    lng,
    fallbackLng: false,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  } as Parameters<typeof instance.init>[0]);
  return instance;
}
