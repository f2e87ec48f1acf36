import { useCallback } from 'react';
import { useRevalidator } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type TLocale } from '#common/locales.ts';
import { loadCatalogue } from './catalogues.ts';
import { useRootData } from './use-root-data.ts';
import { saveLanguage } from './user.api.ts';

/** Stores the locale choice in the 365-day cookie (spec §1). */
export function writeLocaleCookie(lng: TLocale): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // document.cookie, not the Cookie Store API: the latter is missing in some supported browsers.
  document.cookie = `${LOCALE_COOKIE}=${lng}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Switches the interface language in place: cookie, then the server data in the new language (the root follows it). */
export function useChangeLocale(): (lng: TLocale) => Promise<void> {
  const revalidator = useRevalidator();
  const loggedIn = Boolean(useRootData()?.user);
  return useCallback(
    async (lng: TLocale) => {
      writeLocaleCookie(lng);
      // Members also keep the language on their account (emails); failures are ignored (spec §7).
      if (loggedIn) await saveLanguage(lng).catch(() => undefined);
      await Promise.all([loadCatalogue(lng), revalidator.revalidate()]);
    },
    [revalidator, loggedIn],
  );
}
