import { Dropdown } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LOCALE_NAMES, type TLocale } from '../../common/locales.ts';
import { useChangeLocale } from '../lib/locale.ts';
import { useRootData } from '../lib/use-root-data.ts';

/** Language dropdown: the locales visible in the visitor's country plus the current one (spec §1). */
export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t } = useTranslation();
  const root = useRootData();
  const changeLocale = useChangeLocale();
  if (!root) return null;
  return (
    <Dropdown align={align}>
      <Dropdown.Toggle variant="link" className="nav-link text-uppercase" aria-label={t('nav.choose_language')}>
        <span aria-hidden="true">🌐 </span>
        {root.locale}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header>{t('nav.language')}</Dropdown.Header>
        {root.locales.map((lng: TLocale) => (
          <Dropdown.Item
            key={lng}
            as="button"
            lang={lng}
            active={lng === root.locale}
            aria-current={lng === root.locale ? 'true' : undefined}
            onClick={() => void changeLocale(lng)}
          >
            {LOCALE_NAMES[lng]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
