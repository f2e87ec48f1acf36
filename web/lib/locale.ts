import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type TLocale } from '../../common/locales.ts';
import { loadCatalogue } from './catalogues.ts';

/** Stores the locale choice in the 365-day cookie (spec §1). */
export function writeLocaleCookie(lng: TLocale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not available in every supported browser
  document.cookie = `${LOCALE_COOKIE}=${lng}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Switches the interface language in place: cookie, catalogue, text, then server data in the new language. */
export function useChangeLocale(): (lng: TLocale) => Promise<void> {
  const { i18n } = useTranslation();
  const revalidator = useRevalidator();
  return useCallback(
    async (lng: TLocale) => {
      writeLocaleCookie(lng);
      if (!i18n.hasResourceBundle(lng, 'translation')) {
        i18n.addResourceBundle(lng, 'translation', await loadCatalogue(lng));
      }
      await i18n.changeLanguage(lng);
      document.documentElement.lang = lng;
      await revalidator.revalidate();
    },
    [i18n, revalidator],
  );
}
