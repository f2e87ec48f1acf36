import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { url } from '../lib/url.ts';
import { useRootData } from '../lib/use-root-data.ts';

const LINKS = [
  ['pages-terms', 'footer.terms'],
  ['pages-privacy', 'footer.privacy'],
  ['pages-cookies', 'footer.cookies'],
  ['pages-ban', 'footer.ban'],
  ['pricing', 'footer.pricing'],
  ['complaints', 'footer.complaints'],
  ['pages-return-policy', 'footer.return_policy'],
  ['pages-faq', 'footer.faq'],
  ['pages-service', 'footer.service'],
] as const;

/**
 * A company name that ends with a period ("Amora Media B.V.") at the end of a sentence gives "B.V..": the sentence's
 * own period is dropped then (an ellipsis "..." stays).
 */
export function singlePeriods(text: string): string {
  return text.replace(/(?<!\.)\.\.(?!\.)/g, '.');
}

/**
 * Footer links of spec §2; `compact` is the short variant (installed app, or logged in off the index): links and the
 * disclaimer's fictional warning and adults-only line, without the company block.
 */
export function SiteFooter({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const root = useRootData();
  return (
    <footer className={`site-footer ${compact ? 'site-footer--compact py-2' : 'py-4'}`}>
      <div className="container">
        <nav aria-label={t('footer.label')}>
          <ul className="list-inline mb-2 small">
            {LINKS.map(([name, key]) => (
              <li key={name} className="list-inline-item">
                <Link to={url(name)}>{t(key)}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {compact && root ? (
          // The compact footer keeps the disclaimer in one line: the fictional warning and the adults-only notice.
          <p className="disclaimer--compact small text-body-secondary mb-0">
            {root.site.fictionalWarning} {t('disclaimer.adult', { min_age: root.site.minAge })}
          </p>
        ) : null}
        {!compact && root ? (
          <p className="small text-body-secondary mb-0">
            {singlePeriods(t('footer.copyright', { year: new Date().getUTCFullYear(), company: root.company.name }))}{' '}
            {singlePeriods(
              t('footer.company_line', {
                site: root.site.name,
                company: root.company.name,
                address: root.company.address,
                city: root.company.city,
              }),
            )}
          </p>
        ) : null}
      </div>
    </footer>
  );
}

/** Disclaimer under the footer: adults only and the fictional-profiles warning from settings (spec §1/§2). */
export function Disclaimer() {
  const { t } = useTranslation();
  const root = useRootData();
  if (!root) return null;
  return (
    <aside className="disclaimer py-3 small text-body-secondary" aria-label={t('fictional.badge')}>
      <div className="container">
        <p className="mb-1">{root.site.fictionalWarning}</p>
        <p className="mb-1">{t('disclaimer.adult', { min_age: root.site.minAge })}</p>
        <p className="mb-0">{t('disclaimer.contact', { email: root.site.supportEmail })}</p>
      </div>
    </aside>
  );
}

/** Extra US footer shown with the English locale (spec §2). */
export function UsFooter() {
  const { t } = useTranslation();
  const root = useRootData();
  if (root?.locale !== 'en') return null;
  return (
    <aside className="us-footer py-3 small text-body-secondary border-top" aria-labelledby="us-footer-title">
      <div className="container">
        <h2 id="us-footer-title" className="h6">
          {t('footer.us_title')}
        </h2>
        <p className="mb-0">{singlePeriods(t('footer.us_text', { company: root.company.name }))}</p>
      </div>
    </aside>
  );
}
