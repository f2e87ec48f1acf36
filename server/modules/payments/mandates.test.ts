import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, mailbox, paymentMandates, payments, users } from '#server/db/schema/index.ts';
import { activeMember, CLIENT } from '#server/test/factories.ts';
import { DIRECT_DEBIT_FORM as FORM, paymentKit, type TCookie } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { REPEAT_ORDER_DEDUPE_MS } from '#common/constants.ts';
import { SANDBOX_DIRECT_DEBIT_MS } from './sandbox.provider.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let clock = new Date();
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const { api, webhook, account, paymentRow, bundles, smsCode } = paymentKit(() => t, 'NL');

/** A member who bought a bundle by card and kept the card (a sandbox test card). */
async function memberWithCard(card: 'visa' | 'mastercard') {
  const m = await activeMember(t);
  const [pack] = await bundles(m.cookie);
  const res = await api(m.cookie, 'POST', '/api/payment.php', {
    package_id: pack.id,
    payment_method: 'creditcard',
    remember_card: true,
  });
  expect(res.statusCode).toBe(200);
  const row = await paymentRow(res.json().payment_id);
  expect(row.sequence).toBe('first');
  await t.services.sandbox.settle(row.providerPaymentId!, 'paid', card);
  await webhook(row.providerPaymentId!);
  return { m, pack };
}

describe('stored card and the one-click repeat order (spec §2 credits-repeat-order)', () => {
  it('a paid first card payment keeps the card; a repeat order charges it at once and grants the credits', async () => {
    const { m, pack } = await memberWithCard('visa');
    const stored = (await api(m.cookie, 'GET', '/api/repeat-order.php')).json();
    expect(stored.card).toMatchObject({ label: 'Visa •••• 4242' });
    const before = await account(m.user.id);
    const packs = await bundles(m.cookie);
    const res = await api(m.cookie, 'POST', '/api/repeat-order.php', { package_id: packs[1].id });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('paid');
    const row = await paymentRow(res.json().payment_id);
    expect(row).toMatchObject({ sequence: 'recurring', method: 'creditcard', amountMinor: packs[1].price });
    // The webhook the sandbox sends as well changes nothing more.
    await webhook(row.providerPaymentId!);
    expect(await account(m.user.id)).toEqual({
      credits: before.credits + packs[1].credits,
      paid: true,
      ledger: before.ledger + packs[1].credits,
    });
    expect(pack.credits).toBeGreaterThan(0);
  });

  it(`a double click charges once; the same bundle again after the window is a new purchase ${CONCURRENCY_PROOF}`, async () => {
    clock = new Date();
    const { m } = await memberWithCard('visa');
    const before = await account(m.user.id);
    const [, second] = await bundles(m.cookie);
    const click = () => api(m.cookie, 'POST', '/api/repeat-order.php', { package_id: second.id });
    const [a, b] = await Promise.all([click(), click()]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().payment_id).toBe(a.json().payment_id);
    expect((await account(m.user.id)).credits).toBe(before.credits + second.credits);
    clock = new Date(clock.getTime() + REPEAT_ORDER_DEDUPE_MS + 1000);
    const later = await click();
    expect(later.json().payment_id).not.toBe(a.json().payment_id);
    expect((await account(m.user.id)).credits).toBe(before.credits + 2 * second.credits);
    clock = new Date();
  });

  it('an id beyond the database range is bad input, not a server error', async () => {
    const m = await activeMember(t);
    const res = await api(m.cookie, 'POST', '/api/repeat-order.php', { package_id: 3_000_000_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_request');
  });

  it('a declined stored card ends failed and grants nothing', async () => {
    const { m } = await memberWithCard('mastercard');
    const before = await account(m.user.id);
    const [pack] = await bundles(m.cookie);
    const res = await api(m.cookie, 'POST', '/api/repeat-order.php', { package_id: pack.id });
    expect(res.json().status).toBe('failed');
    expect(await account(m.user.id)).toEqual(before);
  });

  it('without consent no card is kept; without a card, and with another member’s card, nothing is charged', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const res = await api(m.cookie, 'POST', '/api/payment.php', { package_id: pack.id, payment_method: 'creditcard' });
    const row = await paymentRow(res.json().payment_id);
    expect(row.sequence).toBe('oneoff');
    await t.services.sandbox.settle(row.providerPaymentId!, 'paid');
    await webhook(row.providerPaymentId!);
    expect((await api(m.cookie, 'GET', '/api/repeat-order.php')).json().card).toBeNull();
    const repeat = await api(m.cookie, 'POST', '/api/repeat-order.php', { package_id: pack.id });
    expect(repeat.statusCode).toBe(404);
    expect(repeat.json().error).toBe('no_stored_card');

    const owner = await memberWithCard('visa');
    const card = (await api(owner.m.cookie, 'GET', '/api/repeat-order.php')).json().card;
    expect((await api(m.cookie, 'DELETE', `/api/repeat-order.php?card_id=${card.id}`)).statusCode).toBe(404);
    expect((await api(owner.m.cookie, 'GET', '/api/repeat-order.php')).json().card.id).toBe(card.id);
    expect((await api(owner.m.cookie, 'DELETE', `/api/repeat-order.php?card_id=${card.id}`)).statusCode).toBe(200);
    expect((await api(owner.m.cookie, 'GET', '/api/repeat-order.php')).json().card).toBeNull();
  });

  it('direct debit cannot skip the mandate and SMS code through the plain payment endpoint', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const res = await api(m.cookie, 'POST', '/api/payment.php', { package_id: pack.id, payment_method: 'directdebit' });
    expect(res.statusCode).toBe(400);
  });
});

describe('direct debit with an SMS code (spec §2 directdebit, §3, §9)', () => {
  const requestCode = async (cookie: TCookie, packageId: number, form: object = FORM) =>
    api(cookie, 'POST', '/api/directdebit.php', { package_id: packageId, ...form });

  it('validates IBAN, mobile number, address and consent, and changes nothing on bad input', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const res = await requestCode(m.cookie, pack.id, {
      ...FORM,
      account_holder: ' ',
      iban: 'NL91ABNA0417164301',
      zip: '',
      phone: '020 1234567',
      consent: false,
    });
    expect(res.statusCode).toBe(400);
    const paths = res.json().data.issues.map((i: { path: string; message: string }) => `${i.path}:${i.message}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'iban:validation.iban_invalid',
        'phone:validation.mobile_invalid',
        'consent:validation.consent_required',
        'zip:validation.zip_invalid',
      ]),
    );
    const sent = await t.services.database.db.select().from(mailbox).where(eq(mailbox.to, '+31201234567'));
    expect(sent).toHaveLength(0);
  });

  it(`wrong codes count (5 tries), the right one starts the payment once; credits come when the bank collected ${CONCURRENCY_PROOF}`, async () => {
    // An hour off the database's clock: only the app's clock may decide when the bank collected (no race with load).
    clock = new Date(Date.now() - 3_600_000);
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const requested = await requestCode(m.cookie, pack.id);
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toMatchObject({ phone_hint: '+31 •••• •• 78', expires_in: 600, tries: 5 });
    const code = await smsCode('+31612345678');
    const wrong = code === '000000' ? '000001' : '000000';
    const confirm = (otp: string, id = requested.json().request_id) =>
      api(m.cookie, 'POST', '/api/directdebit-confirm.php', { request_id: id, otp });
    const bad = await confirm(wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'code_invalid', message: 'Code invalid', data: { tries_left: 4 } });
    // Another member cannot use this request.
    const other = await activeMember(t);
    const foreign = await api(other.cookie, 'POST', '/api/directdebit-confirm.php', {
      request_id: requested.json().request_id,
      otp: code,
    });
    expect(foreign.statusCode).toBe(404);

    const before = await account(m.user.id);
    // Sent twice at once (a double click): both answer the same payment, charged once.
    const [ok, again] = await Promise.all([confirm(code), confirm(code)]);
    expect(ok.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_id).toBe(ok.json().payment_id);
    const started = await t.services.database.db.select().from(payments).where(eq(payments.userId, m.user.id));
    expect(started).toHaveLength(1);
    const row = await paymentRow(ok.json().payment_id);
    expect(row).toMatchObject({ method: 'directdebit', sequence: 'recurring', status: 'pending' });
    const [mandate] = await t.services.database.db
      .select()
      .from(paymentMandates)
      .where(eq(paymentMandates.userId, m.user.id));
    expect(mandate).toMatchObject({ method: 'directdebit', label: 'NL•• •••• 4300' });
    expect(mandate.details).toMatchObject({ iban: 'NL91ABNA0417164300', phone: '+31612345678', zip: '1012 JS' });
    // Pending: nothing granted yet.
    expect(await account(m.user.id)).toEqual(before);
    clock = new Date(clock.getTime() + SANDBOX_DIRECT_DEBIT_MS + 1000);
    const result = await api(m.cookie, 'GET', `/api/payment.php?payment_id=${row.id}`);
    expect(result.json().status).toBe('paid');
    expect(await account(m.user.id)).toEqual({
      credits: before.credits + pack.credits,
      paid: true,
      ledger: before.ledger + pack.credits,
    });
    clock = new Date();
  });

  it('after 5 wrong codes and after 10 minutes the code is refused', async () => {
    clock = new Date();
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const first = (await requestCode(m.cookie, pack.id)).json().request_id;
    const code = await smsCode('+31612345678');
    const wrong = code === '111111' ? '222222' : '111111';
    const confirm = (id: string, otp: string) =>
      api(m.cookie, 'POST', '/api/directdebit-confirm.php', { request_id: id, otp });
    for (let i = 4; i >= 0; i--) {
      const res = await confirm(first, wrong);
      expect(res.json()).toMatchObject({ error: 'code_invalid', data: { tries_left: i } });
    }
    const blocked = await confirm(first, code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe('code_attempts_exceeded');

    const second = (await requestCode(m.cookie, pack.id)).json().request_id;
    const fresh = await smsCode('+31612345678');
    clock = new Date(clock.getTime() + 601_000);
    const expired = await confirm(second, fresh);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toBe('code_expired');
    const none = await t.services.database.db.select().from(payments).where(eq(payments.userId, m.user.id));
    expect(none).toHaveLength(0);
    clock = new Date();
  });

  it('limits direct debits per member, and a debit that comes back unpaid blocks the member', async () => {
    clock = new Date();
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const pay = async () => {
      const id = (await requestCode(m.cookie, pack.id)).json().request_id;
      return api(m.cookie, 'POST', '/api/directdebit-confirm.php', {
        request_id: id,
        otp: await smsCode('+31612345678'),
      });
    };
    const one = await pay();
    expect(one.statusCode).toBe(200);
    expect((await pay()).statusCode).toBe(200);
    // Two not yet collected: a third is refused before an SMS is sent.
    const limited = await requestCode(m.cookie, pack.id);
    expect(limited.statusCode).toBe(409);
    expect(limited.json().error).toBe('direct_debit_limit');
    expect((await api(m.cookie, 'GET', '/api/directdebit.php')).json()).toEqual({ status: 'limit', country: 'NL' });

    // The bank returns the first debit unpaid.
    const row = await paymentRow(one.json().payment_id);
    await t.services.sandbox.settle(row.providerPaymentId!, 'failed');
    await webhook(row.providerPaymentId!);
    expect((await paymentRow(row.id)).status).toBe('failed');
    const refused = await requestCode(m.cookie, pack.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'direct_debit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
    expect((await api(m.cookie, 'GET', '/api/directdebit.php')).json().status).toBe('blocked');
  });

  it('a collected direct debit the bank takes back removes the unspent credits, premium and direct debit', async () => {
    clock = new Date();
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const id = (await requestCode(m.cookie, pack.id)).json().request_id;
    const confirmed = await api(m.cookie, 'POST', '/api/directdebit-confirm.php', {
      request_id: id,
      otp: await smsCode('+31612345678'),
    });
    const row = await paymentRow(confirmed.json().payment_id);
    clock = new Date(clock.getTime() + SANDBOX_DIRECT_DEBIT_MS + 1000);
    await webhook(row.providerPaymentId!);
    expect((await paymentRow(row.id)).status).toBe('paid');
    // The member spends 10 credits, then the bank reverses the debit.
    const db = t.services.database.db;
    await db
      .update(users)
      .set({ credits: sql`${users.credits} - 10` })
      .where(eq(users.id, m.user.id));
    await db.insert(creditLedger).values({ userId: m.user.id, delta: -10, reason: 'message', ref: 'test' });
    const before = await account(m.user.id);
    await t.services.sandbox.chargeBack(row.providerPaymentId!);
    await webhook(row.providerPaymentId!);
    await webhook(row.providerPaymentId!);
    expect((await paymentRow(row.id)).status).toBe('refunded');
    expect(await account(m.user.id)).toEqual({
      credits: before.credits - Math.min(before.credits, pack.credits),
      paid: false,
      ledger: before.ledger - Math.min(before.credits, pack.credits),
    });
    expect((await api(m.cookie, 'GET', '/api/directdebit.php')).json().status).toBe('blocked');
    clock = new Date();
  });

  it('is only offered where the country has direct debit', async () => {
    const m = await activeMember(t);
    const res = await t.app.inject({
      url: '/api/directdebit.php',
      headers: CLIENT,
      cookies: { ...m.cookie, country: 'PL' },
    });
    expect(res.json()).toEqual({ status: 'not_offered', country: 'PL' });
  });
});

describe('time bonus (spec §4)', () => {
  it('counts down 14,400 s from signup for non-paid members; absent for visitors, paid members and afterwards', async () => {
    const signup = new Date('2026-11-22T08:00:00Z');
    clock = signup;
    const m = await activeMember(t);
    await t.services.database.db.update(users).set({ signupDate: signup }).where(eq(users.id, m.user.id));
    const bonus = async (cookie: TCookie = m.cookie) =>
      (await t.app.inject({ url: '/api/timebonus.php', headers: CLIENT, cookies: cookie })).json().time_bonus;
    expect(await bonus()).toEqual({ seconds_left: 14_400, ends_at: '2026-11-22T12:00:00.000Z', percentage: 25 });
    clock = new Date(signup.getTime() + (4 * 3600 - 1) * 1000);
    expect((await bonus()).seconds_left).toBe(1);
    clock = new Date(signup.getTime() + 4 * 3600 * 1000);
    expect(await bonus()).toBeNull();
    clock = new Date(signup.getTime() + 3600 * 1000);
    expect(await bonus({})).toBeNull();
    await t.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, m.user.id));
    expect(await bonus()).toBeNull();
    clock = new Date();
  });
});
