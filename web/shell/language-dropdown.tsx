import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type TLocale } from '#common/locales.ts';
import { MenuButton } from '../components/menu-button.tsx';
import { useChangeLocale } from '../lib/locale.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** Language dropdown: the locales visible in the visitor's country plus the current one (spec §1). */
export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t } = useTranslation();
  const root = useRootData();
  const changeLocale = useChangeLocale();
  const isHydrated = useHydrated();
  if (!root) return null;
  return (
    <MenuButton
      align={align}
      toggleClassName="nav-link text-uppercase"
      disabled={!isHydrated}
      toggle={
        <>
          {/* The accessible name starts with what it does and contains the visible code (WCAG 2.5.3). */}
          <span className="visually-hidden">{t('nav.choose_language')}: </span>
          <svg
            aria-hidden="true"
            width="16"
            height="16"
            viewBox="0 0 16 16"
            fill="currentColor"
            className="me-1 align-text-bottom"
          >
            <path d="M8 0a8 8 0 1 0 0 16A8 8 0 0 0 8 0Zm5.9 7.5h-2.9a12.4 12.4 0 0 0-.9-4.7 6.5 6.5 0 0 1 3.8 4.7ZM8 1.6c.7.9 1.4 2.9 1.5 5.9h-3C6.6 4.5 7.3 2.5 8 1.6ZM5.9 2.8A12.4 12.4 0 0 0 5 7.5H2.1a6.5 6.5 0 0 1 3.8-4.7ZM2.1 8.5H5c.1 1.8.4 3.4.9 4.7a6.5 6.5 0 0 1-3.8-4.7ZM8 14.4c-.7-.9-1.4-2.9-1.5-5.9h3c-.1 3-.8 5-1.5 5.9Zm2.1-1.2c.5-1.3.8-2.9.9-4.7h2.9a6.5 6.5 0 0 1-3.8 4.7Z" />
          </svg>
          {root.locale}
        </>
      }
    >
      <h2 className="dropdown-header h6">{t('nav.language')}</h2>
      {root.locales.map((lng: TLocale) => (
        <button
          type="button"
          key={lng}
          lang={lng}
          className={lng === root.locale ? 'dropdown-item active' : 'dropdown-item'}
          aria-current={lng === root.locale ? 'true' : undefined}
          onClick={() => void changeLocale(lng)}
        >
          {LOCALE_NAMES[lng]}
        </button>
      ))}
    </MenuButton>
  );
}
