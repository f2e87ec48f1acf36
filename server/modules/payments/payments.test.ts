import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, discountCodes, payments, sandboxPayments, sites, users } from '#server/db/schema/index.ts';
import { paymentsApi, type TPaymentStartRequest } from '#common/wire/payments.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { onePayment, paymentKit, type TCookie } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const COUNTRY = { country: 'DE' };
const { member, bundles, webhook, account } = paymentKit(() => t, 'DE');

/** The bundles and methods offered to a member who chose a country. */
const offer = async (cookie: TCookie, country: string) =>
  (await asMember(t.app, { ...cookie, country }).call(paymentsApi.offer)).body;
/** One payment as the result page reads it (without a country cookie). */
const paymentOf = (cookie: TCookie, paymentId: string) =>
  asMember(t.app, cookie).call(paymentsApi.payments, { payment_id: paymentId });

/** A member who started buying the first German bundle; answers the payment and its sandbox id. */
async function startPurchase() {
  const m = await activeMember(t);
  const [pack] = await bundles(m.cookie);
  const res = await member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard' });
  expect(res.status).toBe(200);
  const { payment_id, checkout_url } = res.body;
  expect(checkout_url).toMatch(/^\/sandbox\/checkout\/sbx_/);
  const [row] = await t.services.database.db.select().from(payments).where(eq(payments.id, payment_id));
  return {
    m,
    pack,
    paymentId: payment_id,
    sandboxId: row.providerPaymentId!,
    before: await account(m.user.id),
  };
}

describe('credit bundles (spec §1, §3)', () => {
  it('lists the bundles and methods of the selected country, p0–p3, never below the minimum message cost', async () => {
    const m = await activeMember(t);
    const de = await offer(m.cookie, 'DE');
    expect(de.country).toBe('DE');
    expect(de.packages.map((p) => p.colour)).toEqual(['p0', 'p1', 'p2', 'p3']);
    expect(de.packages[0]).toMatchObject({ currency: 'EUR' });
    expect(de.methods).toContain('giropay');
    const pl = await offer(m.cookie, 'PL');
    expect(pl.packages[0].currency).toBe('PLN');
    expect(pl.methods[0]).toBe('blik');
    // Every bundle of every site: one message costs at least the country's minimum (ARCHITECTURE).
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
    const pl = await offer(m.cookie, 'PL');
    const start = (input: TPaymentStartRequest, cookies: TCookie = { ...m.cookie, ...COUNTRY }) =>
      asMember(t.app, cookies).call(paymentsApi.start, input);
    expect((await start({ package_id: 99_999, payment_method: 'creditcard' })).status).toBe(404);
    expect((await start({ package_id: pl.packages[0].id, payment_method: 'creditcard' })).status).toBe(404);
    const de = await offer(m.cookie, COUNTRY.country);
    expect((await start({ package_id: de.packages[0].id, payment_method: 'blik' })).status).toBe(400);
    expect((await start({ package_id: de.packages[0].id, payment_method: 'creditcard' }, COUNTRY)).status).toBe(403);
  });
});

describe('payment webhooks', () => {
  it(`a pending payment grants nothing; the same paid webhook 15 times grants once and makes the member premium ${CONCURRENCY_PROOF}`, async () => {
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
    const res = await paymentOf(m.cookie, paymentId);
    expect(res.body).toMatchObject({ status: 'paid', credits: pack.credits, amount: pack.price, currency: 'EUR' });
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
    expect(row.status).toBe('review');
  });

  it('failed and cancelled payments grant nothing; the result page’s lookup catches up without a webhook', async () => {
    for (const outcome of ['failed', 'cancelled'] as const) {
      const { m, paymentId, sandboxId, before } = await startPurchase();
      await t.services.sandbox.settle(sandboxId, outcome);
      // No webhook arrived: reading the payment asks the provider.
      const res = await paymentOf(m.cookie, paymentId);
      expect(onePayment(res.body).status).toBe(outcome);
      expect(await account(m.user.id)).toEqual(before);
    }
  });

  it('sends the payer back to the address they browse (demo at 127.0.0.1) and never to a foreign Host', async () => {
    const m = await activeMember(t);
    const startAt = async (host: string) => {
      const extras = { headers: { host } };
      const packs = await member(m.cookie).call(paymentsApi.offer, undefined, extras);
      const res = await member(m.cookie).call(
        paymentsApi.start,
        { package_id: packs.body.packages[0].id, payment_method: 'creditcard' },
        extras,
      );
      expect(res.status).toBe(200);
      return res.body;
    };
    const demo = await startAt('127.0.0.1:3217');
    const back = await t.app.inject({
      method: 'POST',
      url: demo.checkout_url,
      headers: { host: '127.0.0.1:3217', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=paid',
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`http://127.0.0.1:3217/transactions/${demo.payment_id}`);
    const sandboxId = demo.checkout_url.split('/').pop()!;
    expect((await t.services.sandbox.find(sandboxId))!.webhookUrl).toBe('http://127.0.0.1:3217/webhooks/payment');
    const foreign = await startAt('evil.example');
    const row = await t.services.sandbox.find(foreign.checkout_url.split('/').pop()!);
    expect(row!.redirectUrl).toBe(`https://localhost/transactions/${foreign.payment_id}`);
    expect(row!.webhookUrl).toBe('https://localhost/webhooks/payment');
  });

  it('shows a payment only to its member', async () => {
    const { paymentId } = await startPurchase();
    const other = await activeMember(t);
    const res = await paymentOf(other.cookie, paymentId);
    expect(res.status).toBe(404);
    const list = await asMember(t.app, other.cookie).call(paymentsApi.payments, {});
    expect(list.body).toEqual([]);
  });
});

describe('discount codes and the welcome discount (spec §3, §4, §8)', () => {
  let clock = new Date();
  let d: TTestApp;
  beforeAll(async () => {
    d = await buildTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await d.close();
  });
  const dKit = paymentKit(() => d, 'DE');
  const lookup = (cookie: TCookie, query: { code: string } | { welcome: 'true' }) =>
    dKit.member(cookie).call(paymentsApi.discount, query);
  const start = async (cookie: TCookie, code?: string) => {
    const [pack] = await dKit.bundles(cookie);
    return dKit
      .member(cookie)
      .call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard', discount_code: code });
  };
  const WELCOME = { welcome: 'true' } as const;
  const amountOf = async (paymentId: string) =>
    (await d.services.database.db.select().from(payments).where(eq(payments.id, paymentId)))[0];

  it('welcome: 25% for a non-paid member until 4 hours after signup (3:59:59 yes, 4:00:01 no)', async () => {
    const signup = new Date('2026-11-22T08:00:00Z');
    clock = signup;
    const m = await activeMember(d, {}, { signupDate: clock });
    clock = new Date(signup.getTime() + (4 * 3600 - 1) * 1000);
    const ok = await lookup(m.cookie, WELCOME);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ value_percentage: 25, status: 'active', validity: 1, expired: false });
    // Asking again gives the same personal code.
    expect((await lookup(m.cookie, WELCOME)).body.code).toBe(ok.body.code);
    const started = await start(m.cookie, ok.body.code);
    expect(started.status).toBe(200);
    expect((await amountOf(started.body.payment_id)).amountMinor).toBe(Math.round(749 * 0.75));
    clock = new Date(signup.getTime() + (4 * 3600 + 1) * 1000);
    const late = await activeMember(d, {}, { signupDate: clock });
    await d.services.database.db.update(users).set({ signupDate: signup }).where(eq(users.id, late.user.id));
    const refused = await lookup(late.cookie, WELCOME);
    expect(refused.status).toBe(404);
    expect(refused.error?.message).toBe('Code not found');
    clock = new Date();
  });

  it('a paid member gets no welcome discount; unknown and others’ personal codes are not found', async () => {
    const paid = await activeMember(d, {}, { signupDate: clock });
    await d.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, paid.user.id));
    expect((await lookup(paid.cookie, WELCOME)).status).toBe(404);
    expect((await lookup(paid.cookie, { code: 'NOPE-1234' })).status).toBe(404);
    const owner = await activeMember(d, {}, { signupDate: clock });
    const own = (await lookup(owner.cookie, WELCOME)).body.code;
    expect((await lookup(paid.cookie, { code: own })).status).toBe(404);
    expect((await lookup(owner.cookie, { code: own.toLowerCase() })).status).toBe(200);
  });

  it(`one use per member under concurrency: of two payments started at once with a code, one succeeds ${CONCURRENCY_PROOF}`, async () => {
    const [code] = await d.services.database.db
      .insert(discountCodes)
      .values({
        code: `CAMPAIGN${Date.now()}`,
        kind: 'campaign',
        valuePercentage: 10,
        expires: new Date(Date.now() + 864e5),
      })
      .returning();
    const m = await activeMember(d, {}, { signupDate: clock });
    const results = await Promise.all([start(m.cookie, code.code), start(m.cookie, code.code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.error?.message).toBe('Code already used');
    // Another member may use the same campaign code once too.
    expect((await start((await activeMember(d, {}, { signupDate: clock })).cookie, code.code)).status).toBe(200);
    // A failed payment gives the code back.
    const ok = results.find((r) => r.status === 200)!.body;
    const row = await amountOf(ok.payment_id);
    await d.services.sandbox.settle(row.providerPaymentId!, 'failed');
    await d.app.inject({ method: 'POST', url: '/webhooks/payment', payload: { id: row.providerPaymentId } });
    expect((await lookup(m.cookie, { code: code.code })).status).toBe(200);
  });

  it('the best code applies by itself: a retention STAY code worth more beats the welcome discount (issue 31)', async () => {
    const m = await activeMember(d, {}, { signupDate: clock });
    const [account] = await d.services.database.db.select().from(users).where(eq(users.id, m.user.id));
    const who = { userId: m.user.id, siteId: account.siteId, country: 'DE' };
    // The welcome discount while its window runs.
    expect(await d.services.discounts.best(who)).toMatchObject({ value_percentage: 25 });
    const stay = `STAY-${Date.now()}`;
    await d.services.database.db.insert(discountCodes).values({
      code: stay,
      kind: 'retention',
      userId: m.user.id,
      valuePercentage: 30,
      expires: new Date(Date.now() + 864e5),
    });
    expect(await d.services.discounts.best(who)).toMatchObject({ code: stay, value_percentage: 30 });
    // Another member's STAY code never applies to this one.
    const other = await activeMember(d, {}, { signupDate: clock });
    const best = await d.services.discounts.best({ ...who, userId: other.user.id });
    expect(best?.code).not.toBe(stay);
    // Once used (redeemed by a payment), the next best applies again.
    expect((await start(m.cookie, stay)).status).toBe(200);
    expect(await d.services.discounts.best(who)).toMatchObject({ value_percentage: 25 });
    // A paid member past the welcome window, without codes: nothing.
    const paid = await activeMember(d, {}, { signupDate: clock });
    await d.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, paid.user.id));
    expect(await d.services.discounts.best({ ...who, userId: paid.user.id })).toBeNull();
  });

  it('a checkout started from a chat returns through the result page with that path, never another site', async () => {
    const m = await activeMember(d, {}, { signupDate: clock });
    const [pack] = await dKit.bundles(m.cookie);
    const begin = (redirect: string) =>
      dKit.member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard', redirect });
    const returnOf = async (paymentId: string) => {
      const db = d.services.database.db;
      const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
      const [sbx] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, row.providerPaymentId!));
      return new URL(sbx.redirectUrl);
    };
    const home = await begin('/chats/12?draft=1');
    const back = await returnOf(home.body.payment_id);
    expect(back.pathname).toBe(`/transactions/${home.body.payment_id}`);
    expect(back.searchParams.get('redirect')).toBe('/chats/12?draft=1');
    const evil = await begin('//evil.example/x');
    expect((await returnOf(evil.body.payment_id)).search).toBe('');
  });

  it('never discounts a message below the country’s minimum price', async () => {
    const [code] = await d.services.database.db
      .insert(discountCodes)
      .values({
        code: `HUGE${Date.now()}`,
        kind: 'campaign',
        valuePercentage: 95,
        expires: new Date(Date.now() + 864e5),
      })
      .returning();
    const m = await activeMember(d, {}, { signupDate: clock });
    const started = await start(m.cookie, code.code);
    // 50 credits, 10 a message, at least 49 cents a message in Germany.
    expect((await amountOf(started.body.payment_id)).amountMinor).toBe(Math.ceil((50 * 49) / 10));
  });
});

describe('refunds by support (spec §3 refund_days)', () => {
  let clock = new Date();
  let r: TTestApp;
  beforeAll(async () => {
    r = await buildTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await r.close();
  });
  const rKit = paymentKit(() => r, 'DE');
  /** A member who bought the first German bundle (paid through the sandbox). */
  const paidPurchase = async () => {
    const m = await activeMember(r);
    const [pack] = await rKit.bundles(m.cookie);
    const started = await rKit
      .member(m.cookie)
      .call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard' });
    const [row] = await r.services.database.db.select().from(payments).where(eq(payments.id, started.body.payment_id));
    await r.services.sandbox.settle(row.providerPaymentId!, 'paid');
    await r.services.paymentWebhook.applyProviderReport(row.providerPaymentId!);
    return { m, paymentId: row.id };
  };
  const state = async (userId: number) => {
    const [u] = await r.services.database.db.select().from(users).where(eq(users.id, userId));
    const ledger = await r.services.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return { credits: u.credits, paid: u.paidUser, ledger: ledger.reduce((s, l) => s + l.delta, 0) };
  };

  it('reverses unused credits within refund_days once, and premium ends with the only purchase', async () => {
    clock = new Date();
    const { m, paymentId } = await paidPurchase();
    expect(await state(m.user.id)).toMatchObject({ credits: 70, paid: true, ledger: 70 });
    clock = new Date(Date.now() + 13 * 24 * 3600 * 1000);
    const refunded = await r.services.refunds.refund(paymentId);
    expect(refunded.status).toBe('refunded');
    expect(await state(m.user.id)).toEqual({ credits: 20, paid: false, ledger: 20 });
    await expect(r.services.refunds.refund(paymentId)).rejects.toMatchObject({ code: 'refund_not_possible' });
    expect(await state(m.user.id)).toEqual({ credits: 20, paid: false, ledger: 20 });
  });

  it('refuses after refund_days and when the credits were used', async () => {
    clock = new Date();
    const late = await paidPurchase();
    clock = new Date(Date.now() + 15 * 24 * 3600 * 1000);
    await expect(r.services.refunds.refund(late.paymentId)).rejects.toMatchObject({ code: 'refund_not_possible' });
    clock = new Date();
    const spent = await paidPurchase();
    await r.services.database.db.update(users).set({ credits: 30 }).where(eq(users.id, spent.m.user.id));
    await expect(r.services.refunds.refund(spent.paymentId)).rejects.toMatchObject({ code: 'refund_not_possible' });
  });
});
