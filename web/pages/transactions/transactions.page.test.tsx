import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import { FINAL_PAYMENT_STATUSES, type TPaymentStatus } from '#common/payments.ts';
import en from '#locales/en.json';
import TransactionsPage from './transactions.page.tsx';

const i18n = createI18n('en', en);
const t = i18n.t;

// Only the fields the page reads are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TPageProps = any;

/** The result page of a card payment in a status, rendered as the server does. */
function resultPage(status: TPaymentStatus): string {
  const payment = {
    payment_id: '6f1c2a9e-0000-4000-8000-000000000001',
    credits: 50,
    amount: 749,
    currency: 'EUR',
    payment_method: 'creditcard',
    package_id: 1,
    recurring: false,
    status,
    created_at: '2026-11-25T10:00:00.000Z',
  };
  const Page = () => <TransactionsPage {...({ loaderData: { payment, history: null, methods: [] } } as TPageProps)} />;
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: Page }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: {} } }} />
    </I18nextProvider>,
  );
}

describe('/transactions/{id} (issue #13 item 2)', () => {
  it('shows a payment under review as a final state: checking, support will contact, no credits, no spinner', () => {
    const html = resultPage('review');
    expect(html).toContain(t('transactions.review'));
    expect(html).toContain(t('transactions.review_hint'));
    expect(html).not.toContain('spinner-border');
    expect(html).not.toContain(t('transactions.pending'));
    expect(html).not.toContain(t('errors.payment_failed'));
    expect(html).not.toContain(t('transactions.added', { count: 50 }));
    // The page polls only while the status is not final.
    expect(FINAL_PAYMENT_STATUSES).toContain('review');
  });

  it('still shows a pending payment as processing (the state that polls)', () => {
    const html = resultPage('pending');
    expect(html).toContain(t('transactions.pending'));
    expect(html).toContain('spinner-border');
  });
});
