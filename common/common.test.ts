import { describe, expect, it } from 'vitest';
import { dialablePhone } from './format.ts';
import { visibleLocales } from './locales.ts';
import { cleanTrackingValue, isSearchVisible } from './visibility.ts';

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
