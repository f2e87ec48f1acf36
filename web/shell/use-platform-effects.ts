import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { configureApi } from '../lib/api.ts';
import { loadCatalogue } from '../lib/catalogues.ts';
import { useRootData } from '../lib/use-root-data.ts';
import { sendPageHiddenBeacon } from './platform.api.ts';
import { url } from '../lib/url.ts';
import { adminPath, isAdminPath } from '#common/routes.ts';

const BOUNCE_FLAG = 'page-bounce-logging';

/** Sends the page-hidden beacon whenever the page becomes hidden, once the `lb` flag enabled it (spec §7). */
function usePageBounceLogging() {
  const location = useLocation();
  useEffect(() => {
    try {
      if (new URLSearchParams(location.search).has('lb')) sessionStorage.setItem(BOUNCE_FLAG, '1');
    } catch {}
  }, [location.search]);
  useEffect(() => {
    const onHidden = () => {
      let enabled = false;
      try {
        enabled = sessionStorage.getItem(BOUNCE_FLAG) === '1';
      } catch {}
      if (enabled && document.visibilityState === 'hidden') {
        sendPageHiddenBeacon();
      }
    };
    document.addEventListener('visibilitychange', onHidden);
    return () => document.removeEventListener('visibilitychange', onHidden);
  }, []);
}

/** Follows a locale the server decided (lang-config form, another tab): loads its catalogue and switches. */
function useFollowServerLocale() {
  const { i18n } = useTranslation();
  const locale = useRootData()?.locale;
  useEffect(() => {
    if (!locale || locale === i18n.language) return;
    let cancelled = false;
    void loadCatalogue(locale).then((catalogue) => {
      if (cancelled) return;
      if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', catalogue);
      void i18n.changeLanguage(locale);
    });
    return () => {
      cancelled = true;
    };
  }, [locale, i18n]);
}

/** App-wide client effects: API client wiring, server locale changes and page-bounce logging. */
export function usePlatformEffects() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  useFollowServerLocale();
  useEffect(() => {
    configureApi({
      translate: (code) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : undefined),
      // A console call without a console session goes to the console's login, a member's call to the members' one.
      onAuthenticationRequired: () =>
        navigate(isAdminPath(window.location.pathname) ? adminPath('admin-login') : url('login'), { replace: true }),
    });
  }, [t, i18n, navigate]);
  usePageBounceLogging();
}
