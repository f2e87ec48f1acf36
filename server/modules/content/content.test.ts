import { describe, expect, it } from 'vitest';
import { LOCALES } from '#common/locales.ts';
import type { TSite } from '../sites/sites.service.ts';
import { renderContentPage, STATIC_PAGES, termsVersionDate } from './content.service.ts';

const site = {
  name: 'Amora',
  domain: 'localhost',
  supportEmail: 'support@amora.example',
  supportPhone: '+31 20-123 45 67',
  refundDays: 14,
  minAge: 18,
  company: {
    name: 'Amora Media <B.V.>',
    address: 'Herengracht 420',
    city: 'Amsterdam',
    country: 'NL',
    kvk: '87654321',
    vatNumbers: ['NL864512378B01'],
    tradenames: ['Amora'],
    added: new Date('2024-03-01T09:00:00Z'),
  },
} as unknown as TSite;

describe('static pages', () => {
  it('exist in all 11 languages with every placeholder filled', () => {
    for (const lng of LOCALES) {
      for (const name of STATIC_PAGES) {
        const page = renderContentPage(name, lng, site);
        expect(page, `${lng}/${name}`).not.toBeNull();
        expect(page!.title.length).toBeGreaterThan(2);
        expect(page!.html, `${lng}/${name}`).not.toMatch(/\{\{/);
      }
    }
  });

  it('escapes company values and dials the phone without dashes and spaces', () => {
    const page = renderContentPage('service', 'en', site)!;
    expect(page.html).toContain('Amora Media &lt;B.V.&gt;');
    expect(page.html).toContain('href="tel:+31201234567"');
    expect(page.html).toContain('href="mailto:support@amora.example"');
  });

  it('fills refund_days into the return policy', () => {
    const page = renderContentPage('return-policy', 'de', { ...site, refundDays: 21 } as TSite)!;
    expect(page.html).toContain('21');
  });

  it('rejects unknown and malicious page names', () => {
    expect(renderContentPage('../package', 'en', site)).toBeNull();
    expect(renderContentPage('nope', 'en', site)).toBeNull();
  });

  it('dates the terms version 2023-12-01 12:00 UTC or the company added date when later (spec §9)', () => {
    expect(termsVersionDate(new Date('2020-01-01')).toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate(new Date('2024-03-01T09:00:00Z')).toISOString()).toBe('2024-03-01T09:00:00.000Z');
  });
});
