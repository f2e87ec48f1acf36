import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, payments, sandboxPayments, sites, users } from '../../db/schema/index.ts';
import { activeMember, CLIENT } from '../../test/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const COUNTRY = { country: 'DE' };
const webhook = (id: string, form = true) =>
  t.app.inject({
    method: 'POST',
    url: '/webhooks/payment',
    ...(form
      ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `id=${encodeURIComponent(id)}` }
      : { payload: { id } }),
  });

async function account(userId: number) {
  const [row] = await t.services.database.db.select().from(users).where(eq(users.id, userId));
  const ledger = await t.services.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
  return { credits: row.credits, paid: row.paidUser, ledger: ledger.reduce((sum, l) => sum + l.delta, 0) };
}

/** A member who started buying the first German bundle; answers the payment and its sandbox id. */
async function startPurchase() {
  const m = await activeMember(t);
  const packs = await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: { ...m.cookie, ...COUNTRY } });
  const pack = packs.json().packages[0];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment.php',
    headers: CLIENT,
    cookies: { ...m.cookie, ...COUNTRY },
    payload: { package_id: pack.id, payment_method: 'creditcard' },
  });
  expect(res.statusCode).toBe(200);
  const { payment_id, checkout_url } = res.json();
  expect(checkout_url).toMatch(/^\/sandbox\/checkout\/sbx_/);
  const [row] = await t.services.database.db.select().from(payments).where(eq(payments.id, payment_id));
  return {
    m,
    pack,
    paymentId: payment_id as string,
    sandboxId: row.providerPaymentId!,
    before: await account(m.user.id),
  };
}

describe('credit bundles (spec §1, §3)', () => {
  it('lists the bundles and methods of the selected country, p0–p3, never below the minimum message cost', async () => {
    const m = await activeMember(t);
    const de = (
      await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: { ...m.cookie, country: 'DE' } })
    ).json();
    expect(de.country).toBe('DE');
    expect(de.packages.map((p: { colour: string }) => p.colour)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(de.packages[0]).toMatchObject({ currency: 'EUR' });
    expect(de.methods).toContain('giropay');
    const pl = (
      await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: { ...m.cookie, country: 'PL' } })
    ).json();
    expect(pl.packages[0].currency).toBe('PLN');
    expect(pl.methods[0]).toBe('blik');
    // Every bundle of every site: one message costs at least the country's minimum (ARCHITECTURE, issue 5).
    const all = await t.services.database.db.select().from(sites);
    for (const site of all) {
      for (const [country, min] of Object.entries(site.minimumMessageCosts)) {
        for (const p of await t.services.payments.packages(site.id, country)) {
          expect(p.currency).toBe(min.currency);
          expect((p.priceMinor / p.credits) * site.messageCredits).toBeGreaterThanOrEqual(min.costs);
        }
      }
    }
  });

  it('refuses unknown bundles, another country’s bundle, a method not offered there, and visitors', async () => {
    const m = await activeMember(t);
    const pl = (
      await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: { ...m.cookie, country: 'PL' } })
    ).json();
    const start = (payload: object, cookies: Record<string, string> = { ...m.cookie, ...COUNTRY }) =>
      t.app.inject({ method: 'POST', url: '/api/payment.php', headers: CLIENT, cookies, payload });
    expect((await start({ package_id: 99_999, payment_method: 'creditcard' })).statusCode).toBe(404);
    expect((await start({ package_id: pl.packages[0].id, payment_method: 'creditcard' })).statusCode).toBe(404);
    const de = (
      await t.app.inject({ url: '/api/packages.php', headers: CLIENT, cookies: { ...m.cookie, ...COUNTRY } })
    ).json();
    expect((await start({ package_id: de.packages[0].id, payment_method: 'blik' })).statusCode).toBe(400);
    expect((await start({ package_id: de.packages[0].id, payment_method: 'creditcard' }, COUNTRY)).statusCode).toBe(
      403,
    );
  });
});

describe('payment webhooks (issue 6 acceptance)', () => {
  it('a pending payment grants nothing; the same paid webhook 15 times grants once and makes the member premium', async () => {
    const { m, pack, paymentId, sandboxId, before } = await startPurchase();
    expect(before.paid).toBe(false);
    await t.services.sandbox.settle(sandboxId, 'pending');
    await webhook(sandboxId);
    expect(await account(m.user.id)).toEqual(before);
    await t.services.sandbox.settle(sandboxId, 'paid');
    const results = await Promise.all(Array.from({ length: 15 }, (_, i) => webhook(sandboxId, i % 2 === 0)));
    for (const r of results) expect(r.statusCode).toBe(200);
    const after = await account(m.user.id);
    expect(after).toEqual({ credits: before.credits + pack.credits, paid: true, ledger: before.ledger + pack.credits });
    const res = await t.app.inject({
      url: `/api/payment.php?payment_id=${paymentId}`,
      headers: CLIENT,
      cookies: m.cookie,
    });
    expect(res.json()).toMatchObject({ status: 'paid', credits: pack.credits, amount: pack.price, currency: 'EUR' });
  });

  it('ends paid when reports arrive out of order (a late pending after paid changes nothing)', async () => {
    const { m, pack, sandboxId, before } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'paid');
    await webhook(sandboxId);
    // The provider's late report of an earlier state: our paid payment stays paid, credited once.
    await t.services.database.db
      .update(sandboxPayments)
      .set({ status: 'pending' })
      .where(eq(sandboxPayments.id, sandboxId));
    await webhook(sandboxId);
    await t.services.database.db
      .update(sandboxPayments)
      .set({ status: 'failed' })
      .where(eq(sandboxPayments.id, sandboxId));
    await webhook(sandboxId);
    const [row] = await t.services.database.db.select().from(payments).where(eq(payments.providerPaymentId, sandboxId));
    expect(row.status).toBe('paid');
    expect((await account(m.user.id)).credits).toBe(before.credits + pack.credits);
  });

  it('a forged webhook grants nothing, and a tampered amount is never credited', async () => {
    const { m, sandboxId, before } = await startPurchase();
    expect((await webhook('tr_forged123')).statusCode).toBe(200);
    expect((await webhook(sandboxId)).statusCode).toBe(200); // still pending at the provider
    expect(await account(m.user.id)).toEqual(before);
    // The provider reports paid, but for another amount than ours.
    await t.services.database.db
      .update(sandboxPayments)
      .set({ status: 'paid', amountMinor: 1 })
      .where(eq(sandboxPayments.id, sandboxId));
    await webhook(sandboxId);
    expect(await account(m.user.id)).toEqual(before);
    const [row] = await t.services.database.db.select().from(payments).where(eq(payments.providerPaymentId, sandboxId));
    expect(row.status).toBe('pending');
  });

  it('failed and cancelled payments grant nothing; the result page’s lookup catches up without a webhook', async () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const { m, paymentId, sandboxId, before } = await startPurchase();
      await t.services.sandbox.settle(sandboxId, outcome);
      // No webhook arrived: reading the payment asks the provider.
      const res = await t.app.inject({
        url: `/api/payment.php?payment_id=${paymentId}`,
        headers: CLIENT,
        cookies: m.cookie,
      });
      expect(res.json().status).toBe(outcome);
      expect(await account(m.user.id)).toEqual(before);
    }
  });

  it('shows a payment only to its member', async () => {
    const { paymentId } = await startPurchase();
    const other = await activeMember(t);
    const res = await t.app.inject({
      url: `/api/payment.php?payment_id=${paymentId}`,
      headers: CLIENT,
      cookies: other.cookie,
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/payment.php', headers: CLIENT, cookies: other.cookie });
    expect(list.json()).toEqual([]);
  });
});
