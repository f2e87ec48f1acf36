import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMandates } from '#server/db/schema/index.ts';
import { startFakeMollie, type TFakeMollie } from '#server/test/fake-mollie.ts';
import { activeMember } from '#server/test/factories.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { DIRECT_DEBIT_FORM, paymentKit, paymentList } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { createMollieProvider, fromMollieAmount, toMollieAmount } from './mollie.provider.ts';

const KEY = 'test_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM';

describe('Mollie amounts (minor units ↔ amount strings, exactly)', () => {
  it('formats with the decimals of the currency', () => {
    expect(toMollieAmount(1999, 'EUR')).toEqual({ currency: 'EUR', value: '19.99' });
    expect(toMollieAmount(5, 'eur')).toEqual({ currency: 'EUR', value: '0.05' });
    expect(toMollieAmount(4900, 'PLN')).toEqual({ currency: 'PLN', value: '49.00' });
    expect(toMollieAmount(500, 'JPY')).toEqual({ currency: 'JPY', value: '500' });
  });
  it('parses back without floating point drift', () => {
    expect(fromMollieAmount({ currency: 'EUR', value: '19.99' })).toBe(1999);
    expect(fromMollieAmount({ currency: 'EUR', value: '0.29' })).toBe(29);
    expect(fromMollieAmount({ currency: 'EUR', value: '10.5' })).toBe(1050);
    expect(fromMollieAmount({ currency: 'SEK', value: '1234.56' })).toBe(123456);
    expect(() => fromMollieAmount({ currency: 'EUR', value: '1e3' })).toThrow();
  });
});

describe('the Mollie adapter against a fake of the Mollie API', () => {
  let fake: TFakeMollie;
  beforeAll(async () => {
    fake = await startFakeMollie(KEY);
  });
  afterAll(async () => {
    await fake.close();
  });
  const adapter = () => createMollieProvider({ apiKey: KEY, apiEndpoint: fake.apiEndpoint });
  const base = {
    amountMinor: 1999,
    currency: 'EUR',
    method: 'ideal' as const,
    description: '100 credits',
    redirectUrl: 'https://amora.test/transactions/p1',
    webhookUrl: 'https://amora.test/webhooks/payment',
    reference: 'p1',
    sequence: 'oneoff' as const,
  };

  it('sends the amount, method, urls and our reference with an idempotency key, and returns the checkout', async () => {
    const created = await adapter().createPayment(base);
    expect(created.id).toMatch(/^tr_/);
    expect(created.checkoutUrl).toBe(`https://www.mollie.com/checkout/select-method/${created.id}`);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/v2/payments',
      idempotencyKey: 'payment-p1',
      body: {
        amount: { currency: 'EUR', value: '19.99' },
        method: 'ideal',
        sequenceType: 'oneoff',
        redirectUrl: base.redirectUrl,
        webhookUrl: base.webhookUrl,
        metadata: { reference: 'p1' },
      },
    });
    // A retried create (same reference) gets the same payment, not a second one.
    expect((await adapter().createPayment(base)).id).toBe(created.id);
  });

  it("maps Mollie's statuses to ours and reads the amount back", async () => {
    const { id } = await adapter().createPayment({ ...base, reference: 'p2' });
    expect(await adapter().getPayment(id)).toMatchObject({ id, status: 'open', amountMinor: 1999, currency: 'EUR' });
    for (const [theirs, ours] of [
      ['authorized', 'pending'],
      ['canceled', 'cancelled'],
      ['expired', 'expired'],
      ['failed', 'failed'],
      ['paid', 'paid'],
    ] as const) {
      fake.complete(id, theirs);
      expect((await adapter().getPayment(id))?.status).toBe(ours);
    }
  });

  it('answers null for unknown and malformed ids (a forged webhook), without asking Mollie for the latter', async () => {
    expect(await adapter().getPayment('tr_doesnotexist')).toBeNull();
    const asked = fake.requests.length;
    expect(await adapter().getPayment('../customers')).toBeNull();
    expect(fake.requests.length).toBe(asked);
  });

  it('keeps test and live mode apart', () => {
    expect(adapter().name).toBe('mollie_test');
    expect(createMollieProvider({ apiKey: 'live_dHar4XY7LxsDOtmnkVtjNVWXLSlXsM' }).name).toBe('mollie');
  });

  it('fails loudly with a wrong API key', async () => {
    const wrong = createMollieProvider({ apiKey: 'test_wrongwrongwrongwrongwrong', apiEndpoint: fake.apiEndpoint });
    await expect(wrong.getPayment('tr_abc')).rejects.toThrow(/authenticate/);
  });

  it('keeps the card of a paid first payment and charges it later without a checkout', async () => {
    const customerId = await adapter().createCustomer({ name: 'Anna', email: 'anna@example.com', reference: '7' });
    expect(customerId).toMatch(/^cst_/);
    const first = await adapter().createPayment({
      ...base,
      method: 'creditcard',
      reference: 'p3',
      sequence: 'first',
      customerId,
    });
    fake.useCard({ cardLabel: 'Mastercard', cardNumber: '5678' });
    fake.complete(first.id, 'paid');
    const paid = await adapter().getPayment(first.id);
    expect(paid?.mandate).toMatchObject({ customerId, method: 'creditcard', label: 'Mastercard •••• 5678' });
    expect(paid!.mandate!.id).toMatch(/^mdt_/);

    const again = await adapter().createPayment({
      ...base,
      method: 'creditcard',
      reference: 'p4',
      sequence: 'recurring',
      customerId,
      mandateId: paid!.mandate!.id,
    });
    expect(again.checkoutUrl).toBeNull();
    expect(fake.requests.at(-1)!.body).not.toHaveProperty('redirectUrl');
    expect(fake.requests.at(-1)!.body).toMatchObject({ sequenceType: 'recurring', mandateId: paid!.mandate!.id });
    expect((await adapter().getPayment(again.id))?.status).toBe('pending');
  });

  it('registers a signed SEPA mandate and refunds a paid payment in full', async () => {
    const customerId = await adapter().createCustomer({ name: 'Jan', email: 'jan@example.com', reference: '8' });
    const mandate = await adapter().createMandate({
      customerId,
      accountHolder: 'Jan Jansen',
      iban: 'NL91ABNA0417164300',
      reference: 'AMORA-8-1',
      signedAt: new Date('2026-11-24T10:00:00Z'),
    });
    expect(mandate).toMatchObject({ customerId, method: 'directdebit', label: 'NL•• •••• 4300' });
    expect(fake.requests.at(-1)).toMatchObject({
      path: `/v2/customers/${customerId}/mandates`,
      body: {
        method: 'directdebit',
        consumerName: 'Jan Jansen',
        consumerAccount: 'NL91ABNA0417164300',
        signatureDate: '2026-11-24',
        mandateReference: 'AMORA-8-1',
      },
    });

    const { id } = await adapter().createPayment({ ...base, reference: 'p5' });
    fake.complete(id, 'paid');
    await adapter().refund({ id, amountMinor: 1999, currency: 'EUR', description: 'Refund 100 credits' });
    expect(fake.refunds.at(-1)).toMatchObject({ paymentId: id, amount: { currency: 'EUR', value: '19.99' } });
  });
});

describe('the whole payment flow with PAYMENT_PROVIDER=mollie', () => {
  let fake: TFakeMollie;
  let t: TTestApp;
  beforeAll(async () => {
    fake = await startFakeMollie(KEY);
    t = await buildTestApp({
      env: { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: KEY, MOLLIE_API_ENDPOINT: fake.apiEndpoint },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const { member, webhook, account, paymentRow, bundles, smsCode } = paymentKit(() => t, 'NL');
  /** The member's newest payment. */
  const latestPayment = async (cookie: Record<string, string>) =>
    paymentList((await member(cookie).call(paymentsApi.payments, {})).body)[0];

  it('buys by card at Mollie, keeps the card, grants once however often Mollie calls, and repeats in one click', async () => {
    const m = await activeMember(t);
    const packs = await bundles(m.cookie);
    const before = await account(m.user.id);
    const res = await member(m.cookie).call(paymentsApi.start, {
      package_id: packs[0].id,
      payment_method: 'creditcard',
      remember_card: true,
    });
    expect(res.status).toBe(200);
    const row = await paymentRow(res.body.payment_id);
    expect(row).toMatchObject({ provider: 'mollie_test', sequence: 'first', status: 'pending' });
    expect(res.body.checkout_url).toBe(`https://www.mollie.com/checkout/select-method/${row.providerPaymentId}`);
    const atMollie = fake.payments.get(row.providerPaymentId!)!;
    expect(atMollie.amount.value).toBe(toMollieAmount(packs[0].price, row.currency).value);
    expect(atMollie.webhookUrl).toMatch(/\/webhooks\/payment$/);

    // An open payment grants nothing, a forged id changes nothing.
    expect((await webhook(row.providerPaymentId!)).statusCode).toBe(200);
    expect((await webhook('tr_forged')).statusCode).toBe(200);
    expect(await account(m.user.id)).toEqual(before);

    fake.useCard({ cardLabel: 'Visa', cardNumber: '1111' });
    fake.complete(row.providerPaymentId!, 'paid');
    for (let i = 0; i < 5; i++) expect((await webhook(row.providerPaymentId!)).statusCode).toBe(200);
    expect(await account(m.user.id)).toEqual({
      credits: before.credits + packs[0].credits,
      paid: true,
      ledger: before.ledger + packs[0].credits,
    });
    const stored = (await member(m.cookie).call(paymentsApi.storedCard)).body;
    expect(stored.card).toMatchObject({ label: 'Visa •••• 1111' });

    // One click: a recurring charge at Mollie, pending until the card network answers.
    const repeat = await member(m.cookie).call(paymentsApi.repeatOrder, { package_id: packs[1].id });
    expect(repeat.status).toBe(200);
    const second = await paymentRow(repeat.body.payment_id);
    expect(second).toMatchObject({ provider: 'mollie_test', sequence: 'recurring', method: 'creditcard' });
    expect(fake.payments.get(second.providerPaymentId!)).toMatchObject({
      sequenceType: 'recurring',
      mandateId: fake.payments.get(row.providerPaymentId!)!.mandateId,
    });
    fake.complete(second.providerPaymentId!, 'paid');
    await webhook(second.providerPaymentId!);
    await webhook(second.providerPaymentId!);
    expect((await account(m.user.id)).credits).toBe(before.credits + packs[0].credits + packs[1].credits);

    // Removing the card revokes it at Mollie as well.
    const mandateId = fake.payments.get(row.providerPaymentId!)!.mandateId!;
    expect((await member(m.cookie).call(paymentsApi.forgetCard, { card_id: stored.card!.id })).status).toBe(200);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/v2/customers/${atMollie.customerId}/mandates/${mandateId}`,
    });
    expect(fake.customers.get(atMollie.customerId!)!.mandates.has(mandateId)).toBe(false);
  });

  it('direct debit: the signed mandate goes to Mollie and the bank collection grants the credits', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const requested = await member(m.cookie).call(paymentsApi.requestDirectDebit, {
      package_id: pack.id,
      ...DIRECT_DEBIT_FORM,
    });
    expect(requested.status).toBe(200);
    const code = await smsCode('+31612345678');
    const confirmed = await member(m.cookie).call(paymentsApi.confirmDirectDebit, {
      request_id: requested.body.request_id,
      otp: code,
    });
    expect(confirmed.status).toBe(200);
    const row = await paymentRow(confirmed.body.payment_id);
    expect(row).toMatchObject({
      provider: 'mollie_test',
      method: 'directdebit',
      sequence: 'recurring',
      status: 'pending',
    });
    const [mandate] = await t.services.database.db
      .select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, m.user.id));
    expect(mandate).toMatchObject({ provider: 'mollie_test', label: 'NL•• •••• 4300' });
    expect(fake.payments.get(row.providerPaymentId!)).toMatchObject({
      method: 'directdebit',
      mandateId: mandate.providerMandateId,
    });
    const before = await account(m.user.id);
    fake.complete(row.providerPaymentId!, 'paid');
    await webhook(row.providerPaymentId!);
    expect((await account(m.user.id)).credits).toBeGreaterThan(before.credits);
    expect((await paymentRow(row.id)).status).toBe('paid');
  });

  it('a charge whose answer was lost stays pending and is linked by our reference; a refused checkout fails cleanly', async () => {
    const m = await activeMember(t);
    const packs = await bundles(m.cookie);
    const first = await member(m.cookie).call(paymentsApi.start, {
      package_id: packs[0].id,
      payment_method: 'creditcard',
      remember_card: true,
    });
    const firstRow = await paymentRow(first.body.payment_id);
    fake.complete(firstRow.providerPaymentId!, 'paid');
    await webhook(firstRow.providerPaymentId!);
    const before = await account(m.user.id);

    // Mollie makes the charge but the answer never reaches us: the member is told it is being processed.
    fake.failNext('drop');
    const repeat = await member(m.cookie).call(paymentsApi.repeatOrder, { package_id: packs[1].id });
    expect(repeat.status).toBe(200);
    expect(repeat.body.status).toBe('pending');
    const lost = await paymentRow(repeat.body.payment_id);
    expect(lost).toMatchObject({ status: 'open', providerPaymentId: null });
    const atMollie = [...fake.payments.values()].find(
      (p) => (p.metadata as { reference?: string }).reference === lost.id,
    )!;
    expect(atMollie.sequenceType).toBe('recurring');
    // Mollie's report names its id only; the payment it fetches carries our reference, which links it.
    fake.complete(atMollie.id, 'paid');
    await webhook(atMollie.id);
    await webhook(atMollie.id);
    expect(await paymentRow(lost.id)).toMatchObject({ status: 'paid', providerPaymentId: atMollie.id });
    expect((await account(m.user.id)).credits).toBe(before.credits + packs[1].credits);

    // A checkout Mollie refuses (method not enabled): a clear error, the payment failed, nothing granted.
    fake.failNext('refuse');
    const refused = await member(m.cookie).call(paymentsApi.start, {
      package_id: packs[0].id,
      payment_method: 'ideal',
    });
    expect(refused.status).toBe(503);
    expect(refused.error?.error).toBe('service_unavailable');
    const latest = await latestPayment(m.cookie);
    expect(latest).toMatchObject({ status: 'failed', payment_method: 'ideal' });
    expect((await account(m.user.id)).credits).toBe(before.credits + packs[1].credits);
  });

  it('a mandate Mollie refuses ends the direct debit failed with a clear error, and does not block the member', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const requested = await member(m.cookie).call(paymentsApi.requestDirectDebit, {
      package_id: pack.id,
      ...DIRECT_DEBIT_FORM,
    });
    const code = await smsCode('+31612345678');
    // The customer is created first; the refusal hits the mandate.
    await t.services.checkout.customerOf(m.user.id);
    fake.failNext('refuse');
    const confirmed = await member(m.cookie).call(paymentsApi.confirmDirectDebit, {
      request_id: requested.body.request_id,
      otp: code,
    });
    expect(confirmed.status).toBe(503);
    expect(confirmed.error?.error).toBe('service_unavailable');
    expect((await latestPayment(m.cookie)).status).toBe('failed');
    expect((await member(m.cookie).call(paymentsApi.directDebitStatus)).body.status).toBe('ok');
  });
});
