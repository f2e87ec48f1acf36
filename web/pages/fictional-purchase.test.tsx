import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { FICTIONAL_TEXTS, i18n, serverRender, testRootData, testUser } from '#web/test/server-render.tsx';
import { SiteFooter } from '#web/shell/site-footer.tsx';
import CreditsPage from './credits/credits.page.tsx';
import PaymentMethodPage from './credits/payment-method.page.tsx';
import RepeatOrderPage from './credits/repeat-order.page.tsx';
import DirectDebitPage from './directdebit/directdebit.page.tsx';
import PremiumPage from './premium/premium.page.tsx';
import PricingPage from './pricing/pricing.page.tsx';

// Only the fields the pages read are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TAny = any;

const PACK = { id: 1, credits: 50, price: 1495, currency: 'EUR', colour: 'p1' };
const CARD = { id: 3, label: 'Visa •••• 4242', brand: 'visa', last4: '4242', expires: '12/30' };

/** The purchase pages with the loader data each would get. */
const PURCHASE_PAGES: [string, ComponentType<TAny>, unknown][] = [
  ['credits', CreditsPage, { packages: [PACK], messageCredits: 10, card: null }],
  ['pricing', PricingPage, { message: 10, photo: 15, gift: 20, refundDays: 14, minimum: [] }],
  ['premium', PremiumPage, { from: null }],
  [
    'payment method',
    PaymentMethodPage,
    { pack: PACK, methods: ['creditcard'], chosen: null, pricing: { minimum: 0, messageCredits: 10 } },
  ],
  ['repeat order', RepeatOrderPage, { packages: [PACK], methods: ['creditcard'], card: CARD, preselected: null }],
  ['direct debit', DirectDebitPage, { country: 'NL', packages: [PACK], packageId: 1, status: 'ok' }],
];

describe('the general fictional warning on the purchase pages (issue 30, disclosure)', () => {
  it.each(PURCHASE_PAGES)(
    '%s: shows fictional_warning, server-rendered, to a logged-in member',
    (_name, Page, data) => {
      const html = serverRender(() => <Page loaderData={data} />, testRootData(testUser()));
      expect(html).toContain(FICTIONAL_TEXTS.warning);
      expect(html).toContain('fictional-note--warning');
    },
  );
});

describe('the compact footer keeps the disclaimer (issue 30, disclosure)', () => {
  it('shows the fictional warning and the adults-only line, without the company block', () => {
    const html = serverRender(() => <SiteFooter compact />, testRootData(testUser()));
    expect(html).toContain(FICTIONAL_TEXTS.warning);
    expect(html).toContain(i18n.t('disclaimer.adult', { min_age: 18 }));
    expect(html).not.toContain('Amora Media');
  });

  it('the full footer is unchanged: the company block, the disclaimer beside it', () => {
    const html = serverRender(() => <SiteFooter />, testRootData(null));
    expect(html).toContain('Amora Media');
  });
});
