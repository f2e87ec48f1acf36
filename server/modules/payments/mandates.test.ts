import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, mailbox, paymentMandates, payments, users } from '#server/db/schema/index.ts';
import { paymentsApi, type TDirectDebitRequest } from '#common/wire/payments.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { DIRECT_DEBIT_FORM as FORM, onePayment, paymentKit, type TCookie } from '#server/test/payment-kit.ts';
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

const { member, webhook, account, paymentRow, bundles, smsCode } = paymentKit(() => t, 'NL');

/** The member's stored card (null without one). */
const storedCard = async (cookie: TCookie) => (await member(cookie).call(paymentsApi.storedCard)).body.card;
/** One click: buy a bundle again with the stored card. */
const repeatOrder = (cookie: TCookie, packageId: number) =>
  member(cookie).call(paymentsApi.repeatOrder, { package_id: packageId });
/** Whether the member may pay by direct debit. */
const directDebitStatus = async (cookie: TCookie) => (await member(cookie).call(paymentsApi.directDebitStatus)).body;
/** Confirms a direct debit with the SMS code. */
const confirmDebit = (cookie: TCookie, requestId: string, otp: string) =>
  member(cookie).call(paymentsApi.confirmDirectDebit, { request_id: requestId, otp });

/** A member who bought a bundle by card and kept the card (a sandbox test card). */
async function memberWithCard(card: 'visa' | 'mastercard') {
  const m = await activeMember(t);
  const [pack] = await bundles(m.cookie);
  const res = await member(m.cookie).call(paymentsApi.start, {
    package_id: pack.id,
    payment_method: 'creditcard',
    remember_card: true,
  });
  expect(res.status).toBe(200);
  const row = await paymentRow(res.body.payment_id);
  expect(row.sequence).toBe('first');
  await t.services.sandbox.settle(row.providerPaymentId!, 'paid', card);
  await webhook(row.providerPaymentId!);
  return { m, pack };
}

describe('stored card and the one-click repeat order (spec §2 credits-repeat-order)', () => {
  it('a paid first card payment keeps the card; a repeat order charges it at once and grants the credits', async () => {
    const { m, pack } = await memberWithCard('visa');
    expect(await storedCard(m.cookie)).toMatchObject({ label: 'Visa •••• 4242' });
    const before = await account(m.user.id);
    const packs = await bundles(m.cookie);
    const res = await repeatOrder(m.cookie, packs[1].id);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('paid');
    const row = await paymentRow(res.body.payment_id);
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
    const click = () => repeatOrder(m.cookie, second.id);
    const [a, b] = await Promise.all([click(), click()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.payment_id).toBe(a.body.payment_id);
    expect((await account(m.user.id)).credits).toBe(before.credits + second.credits);
    clock = new Date(clock.getTime() + REPEAT_ORDER_DEDUPE_MS + 1000);
    const later = await click();
    expect(later.body.payment_id).not.toBe(a.body.payment_id);
    expect((await account(m.user.id)).credits).toBe(before.credits + 2 * second.credits);
    clock = new Date();
  });

  it('an id beyond the database range is bad input, not a server error', async () => {
    const m = await activeMember(t);
    const res = await repeatOrder(m.cookie, 3_000_000_000);
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
  });

  it('a declined stored card ends failed and grants nothing', async () => {
    const { m } = await memberWithCard('mastercard');
    const before = await account(m.user.id);
    const [pack] = await bundles(m.cookie);
    const res = await repeatOrder(m.cookie, pack.id);
    expect(res.body.status).toBe('failed');
    expect(await account(m.user.id)).toEqual(before);
  });

  it('without consent no card is kept; without a card, and with another member’s card, nothing is charged', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const res = await member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard' });
    const row = await paymentRow(res.body.payment_id);
    expect(row.sequence).toBe('oneoff');
    await t.services.sandbox.settle(row.providerPaymentId!, 'paid');
    await webhook(row.providerPaymentId!);
    expect(await storedCard(m.cookie)).toBeNull();
    const repeat = await repeatOrder(m.cookie, pack.id);
    expect(repeat.status).toBe(404);
    expect(repeat.error?.error).toBe('no_stored_card');

    const owner = await memberWithCard('visa');
    const card = (await storedCard(owner.m.cookie))!;
    const forget = (cookie: TCookie) => member(cookie).call(paymentsApi.forgetCard, { card_id: card.id });
    expect((await forget(m.cookie)).status).toBe(404);
    expect((await storedCard(owner.m.cookie))!.id).toBe(card.id);
    expect((await forget(owner.m.cookie)).status).toBe(200);
    expect(await storedCard(owner.m.cookie)).toBeNull();
  });

  it('direct debit cannot skip the mandate and SMS code through the plain payment endpoint', async () => {
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const res = await member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'directdebit' });
    expect(res.status).toBe(400);
  });
});

describe('direct debit with an SMS code (spec §2 directdebit, §3, §9)', () => {
  const requestCode = async (
    cookie: TCookie,
    packageId: number,
    form: Omit<TDirectDebitRequest, 'package_id'> = FORM,
  ) => member(cookie).call(paymentsApi.requestDirectDebit, { package_id: packageId, ...form });

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
    expect(res.status).toBe(400);
    const { issues } = res.error!.data as { issues: { path: string; message: string }[] };
    const paths = issues.map((i) => `${i.path}:${i.message}`);
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
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ phone_hint: '+31 •••• •• 78', expires_in: 600, tries: 5 });
    const code = await smsCode('+31612345678');
    const wrong = code === '000000' ? '000001' : '000000';
    const confirm = (otp: string) => confirmDebit(m.cookie, requested.body.request_id, otp);
    const bad = await confirm(wrong);
    expect(bad.status).toBe(400);
    expect(bad.error).toMatchObject({ error: 'code_invalid', message: 'Code invalid', data: { tries_left: 4 } });
    // Another member cannot use this request.
    const other = await activeMember(t);
    const foreign = await confirmDebit(other.cookie, requested.body.request_id, code);
    expect(foreign.status).toBe(404);

    const before = await account(m.user.id);
    // Sent twice at once (a double click): both answer the same payment, charged once.
    const [ok, again] = await Promise.all([confirm(code), confirm(code)]);
    expect(ok.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body.payment_id).toBe(ok.body.payment_id);
    const started = await t.services.database.db.select().from(payments).where(eq(payments.userId, m.user.id));
    expect(started).toHaveLength(1);
    const row = await paymentRow(ok.body.payment_id);
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
    const result = await member(m.cookie).call(paymentsApi.payments, { payment_id: row.id });
    expect(onePayment(result.body).status).toBe('paid');
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
    const first = (await requestCode(m.cookie, pack.id)).body.request_id;
    const code = await smsCode('+31612345678');
    const wrong = code === '111111' ? '222222' : '111111';
    const confirm = (id: string, otp: string) => confirmDebit(m.cookie, id, otp);
    for (let i = 4; i >= 0; i--) {
      const res = await confirm(first, wrong);
      expect(res.error).toMatchObject({ error: 'code_invalid', data: { tries_left: i } });
    }
    const blocked = await confirm(first, code);
    expect(blocked.status).toBe(429);
    expect(blocked.error?.error).toBe('code_attempts_exceeded');

    const second = (await requestCode(m.cookie, pack.id)).body.request_id;
    const fresh = await smsCode('+31612345678');
    clock = new Date(clock.getTime() + 601_000);
    const expired = await confirm(second, fresh);
    expect(expired.status).toBe(410);
    expect(expired.error?.error).toBe('code_expired');
    const none = await t.services.database.db.select().from(payments).where(eq(payments.userId, m.user.id));
    expect(none).toHaveLength(0);
    clock = new Date();
  });

  it('limits direct debits per member, and a debit that comes back unpaid blocks the member', async () => {
    clock = new Date();
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const pay = async () => {
      const id = (await requestCode(m.cookie, pack.id)).body.request_id;
      return confirmDebit(m.cookie, id, await smsCode('+31612345678'));
    };
    const one = await pay();
    expect(one.status).toBe(200);
    expect((await pay()).status).toBe(200);
    // Two not yet collected: a third is refused before an SMS is sent.
    const limited = await requestCode(m.cookie, pack.id);
    expect(limited.status).toBe(409);
    expect(limited.error?.error).toBe('direct_debit_limit');
    expect(await directDebitStatus(m.cookie)).toEqual({ status: 'limit', country: 'NL' });

    // The bank returns the first debit unpaid.
    const row = await paymentRow(one.body.payment_id);
    await t.services.sandbox.settle(row.providerPaymentId!, 'failed');
    await webhook(row.providerPaymentId!);
    expect((await paymentRow(row.id)).status).toBe('failed');
    const refused = await requestCode(m.cookie, pack.id);
    expect(refused.status).toBe(403);
    expect(refused.error).toMatchObject({
      error: 'direct_debit_blocked',
      message: 'Your account is blocked for direct debit payments.',
    });
    expect((await directDebitStatus(m.cookie)).status).toBe('blocked');
  });

  it('a collected direct debit the bank takes back removes the unspent credits, premium and direct debit', async () => {
    clock = new Date();
    const m = await activeMember(t);
    const [pack] = await bundles(m.cookie);
    const id = (await requestCode(m.cookie, pack.id)).body.request_id;
    const confirmed = await confirmDebit(m.cookie, id, await smsCode('+31612345678'));
    const row = await paymentRow(confirmed.body.payment_id);
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
    expect((await directDebitStatus(m.cookie)).status).toBe('blocked');
    clock = new Date();
  });

  it('is only offered where the country has direct debit', async () => {
    const m = await activeMember(t);
    const res = await asMember(t.app, { ...m.cookie, country: 'PL' }).call(paymentsApi.directDebitStatus);
    expect(res.body).toEqual({ status: 'not_offered', country: 'PL' });
  });
});

describe('time bonus (spec §4)', () => {
  it('counts down 14,400 s from signup for non-paid members; absent for visitors, paid members and afterwards', async () => {
    const signup = new Date('2026-11-22T08:00:00Z');
    clock = signup;
    const m = await activeMember(t);
    await t.services.database.db.update(users).set({ signupDate: signup }).where(eq(users.id, m.user.id));
    const bonus = async (cookie: TCookie = m.cookie) =>
      (await asMember(t.app, cookie).call(paymentsApi.timeBonus)).body.time_bonus;
    expect(await bonus()).toEqual({ seconds_left: 14_400, ends_at: '2026-11-22T12:00:00.000Z', percentage: 25 });
    clock = new Date(signup.getTime() + (4 * 3600 - 1) * 1000);
    expect((await bonus())?.seconds_left).toBe(1);
    clock = new Date(signup.getTime() + 4 * 3600 * 1000);
    expect(await bonus()).toBeNull();
    clock = new Date(signup.getTime() + 3600 * 1000);
    expect(await bonus({})).toBeNull();
    await t.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, m.user.id));
    expect(await bonus()).toBeNull();
    clock = new Date();
  });
});
