import { describe, expect, it } from 'vitest';
import { loadAllCatalogues } from '../server/lib/catalogue-files.ts';
import { dialablePhone } from './format.ts';
import { checkCatalogues } from './i18n-check.ts';
import { visibleLocales } from './locales.ts';
import { cleanTrackingValue, isSearchVisible } from './visibility.ts';

describe('catalogues', () => {
  it('all 11 catalogues are complete, with equal placeholders, every plural category and no English left', () => {
    expect(checkCatalogues(loadAllCatalogues())).toEqual([]);
  });

  it('the check catches a missing key, a placeholder mismatch, a missing Polish plural and leftover English', () => {
    const all = loadAllCatalogues() as Record<string, Record<string, Record<string, string>>>;
    const broken = structuredClone(all);
    delete broken.de.nav.login;
    broken.fr.footer.copyright = '© {{annee}} {{company}}';
    delete broken.pl.common.years_old_few;
    broken.sv.home.step1_text = all.en.home.step1_text;
    const problems = checkCatalogues(broken).join('\n');
    expect(problems).toContain('de: missing nav.login');
    expect(problems).toContain('fr: placeholders of footer.copyright');
    expect(problems).toContain('pl: missing common.years_old_few');
    expect(problems).toContain('sv: home.step1_text is still English');
  });
});

describe('locale visibility (spec §1)', () => {
  it('offers the country locales plus the current one', () => {
    expect(visibleLocales('BE', 'nl')).toEqual(['nl', 'fr', 'de']);
    expect(visibleLocales('CH', 'pl')).toEqual(['pl', 'de', 'it', 'fr', 'en']);
    expect(visibleLocales('FI', 'sv')).toEqual(['fi', 'sv']);
    expect(visibleLocales(null, 'en')).toHaveLength(11);
  });
});

describe('logged-out search visibility (spec §4)', () => {
  const base = {
    loggedIn: false,
    loggedOutSearch: 'none',
    loggedOutSearchTrafficsource: 'none',
    hasTrafficSource: true,
  };
  it('follows each branch of the rule', () => {
    expect(isSearchVisible(base)).toBe(false);
    expect(isSearchVisible({ ...base, loggedIn: true })).toBe(true);
    expect(isSearchVisible({ ...base, loggedOutSearch: 'all' })).toBe(true);
    expect(isSearchVisible({ ...base, loggedOutSearchTrafficsource: 'all' })).toBe(true);
    expect(isSearchVisible({ ...base, loggedOutSearchTrafficsource: 'all', hasTrafficSource: false })).toBe(false);
  });
  it('strips curly braces from tracking values', () => {
    expect(cleanTrackingValue('{abc}')).toBe('abc');
  });
});

describe('support phone', () => {
  it('is dialled without dashes and spaces (spec §9)', () => {
    expect(dialablePhone('+31 20-123 45 67')).toBe('+31201234567');
  });
});

describe('direct debit account numbers', () => {
  it('accepts valid IBANs of SEPA countries only, in electronic format', async () => {
    const { normaliseIban } = await import('./direct-debit.ts');
    expect(normaliseIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normaliseIban('CH93 0076 2011 6238 5295 7')).toBe('CH9300762011623852957');
    expect(normaliseIban('NL91 ABNA 0417 1643 01')).toBeNull(); // check digits
    expect(normaliseIban('BR1800360305000010009795493C1')).toBeNull(); // valid, but not SEPA
  });
});
