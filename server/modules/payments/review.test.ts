import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, sandboxPayments } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { paymentKit } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

/** Every line the app's logger writes. */
const lines: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  },
});

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { LOG_LEVEL: 'warn' }, logDestination: destination });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const { member, account, paymentRow, bundles, webhook } = paymentKit(() => t, 'DE');

/** A member who started buying the first bundle by card. */
async function startPurchase() {
  const m = await activeMember(t);
  const [pack] = await bundles(m.cookie);
  const res = await member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard' });
  expect(res.status).toBe(200);
  const paymentId = res.body.payment_id;
  const sandboxId = (await paymentRow(paymentId)).providerPaymentId!;
  return { m, pack, paymentId, sandboxId, before: await account(m.user.id) };
}

/** What the provider reports for a sandbox payment, changed behind our back. */
const providerSays = (sandboxId: string, change: Partial<typeof sandboxPayments.$inferInsert>) =>
  t.services.database.db.update(sandboxPayments).set(change).where(eq(sandboxPayments.id, sandboxId));

/** The error lines logged about a payment. */
const errorsAbout = (paymentId: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.paymentId === paymentId && l.level === 50);

describe('a paid report we cannot honour is held for review (issue #13 item 2)', () => {
  it('another amount or currency: status review, an error logged with the payment id, nothing granted', async () => {
    const consoleError = vi.spyOn(console, 'error');
    for (const change of [{ amountMinor: 1 }, { currency: 'USD' }]) {
      const { m, paymentId, sandboxId, before, pack } = await startPurchase();
      await providerSays(sandboxId, { status: 'paid', ...change });
      expect((await webhook(sandboxId)).statusCode).toBe(200);
      expect((await paymentRow(paymentId)).status).toBe('review');
      expect(await account(m.user.id)).toEqual(before);
      const [logged] = errorsAbout(paymentId);
      expect(logged).toMatchObject({ paymentId, expected: { amount: pack.price, currency: 'EUR' } });
      // The result page sees a final state (it stops polling), and it stays there: a corrected report grants nothing.
      const res = await member(m.cookie).call(paymentsApi.payments, { payment_id: paymentId });
      expect(res.body).toMatchObject({ status: 'review' });
      await providerSays(sandboxId, { amountMinor: pack.price, currency: 'EUR' });
      await webhook(sandboxId);
      await member(m.cookie).call(paymentsApi.payments, { payment_id: paymentId });
      expect((await paymentRow(paymentId)).status).toBe('review');
      expect(await account(m.user.id)).toEqual(before);
    }
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('paid at the provider after it ended here without money (expired): review, logged, nothing granted', async () => {
    const { m, paymentId, sandboxId, before } = await startPurchase();
    await t.services.database.db.update(payments).set({ status: 'expired' }).where(eq(payments.id, paymentId));
    await t.services.sandbox.settle(sandboxId, 'paid');
    await webhook(sandboxId);
    expect((await paymentRow(paymentId)).status).toBe('review');
    expect(errorsAbout(paymentId)).toHaveLength(1);
    expect(await account(m.user.id)).toEqual(before);
  });

  it(`a paid report with our amount still grants once (review is only for what we cannot honour) ${CONCURRENCY_PROOF}`, async () => {
    const { m, paymentId, sandboxId, before, pack } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'paid');
    await Promise.all([webhook(sandboxId), webhook(sandboxId)]);
    expect((await paymentRow(paymentId)).status).toBe('paid');
    expect((await account(m.user.id)).credits).toBe(before.credits + pack.credits);
    expect(errorsAbout(paymentId)).toEqual([]);
  });
});
