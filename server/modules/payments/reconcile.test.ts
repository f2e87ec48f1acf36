import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountRedemptions, jobs, payments, users } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { paymentKit } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
let clock = new Date();
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const { member, account, paymentRow, bundles, webhook } = paymentKit(() => t, 'DE');

/** A member who started buying the first bundle by card (optionally with the welcome discount). */
async function startPurchase(welcome = false) {
  const m = await activeMember(t);
  let discount_code: string | undefined;
  if (welcome) {
    // The welcome window counts from the signup date, which the database stamps on its own clock.
    await t.services.database.db.update(users).set({ signupDate: clock }).where(eq(users.id, m.user.id));
    discount_code = (await member(m.cookie).call(paymentsApi.discount, { welcome: 'true' })).body.code;
    expect(discount_code).toBeTruthy();
  }
  const [pack] = await bundles(m.cookie);
  const res = await member(m.cookie).call(paymentsApi.start, {
    package_id: pack.id,
    payment_method: 'creditcard',
    ...(discount_code ? { discount_code } : {}),
  });
  expect(res.status).toBe(200);
  const paymentId = res.body.payment_id;
  const sandboxId = (await paymentRow(paymentId)).providerPaymentId!;
  return { m, pack, paymentId, sandboxId, before: await account(m.user.id) };
}

/** The reconciliation checks still to run for a payment. */
const pendingChecks = (paymentId: string) =>
  t.services.database.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, 'reconcile_payment'),
        isNull(jobs.doneAt),
        sql`${jobs.payload} @> ${JSON.stringify({ paymentId })}::jsonb`,
      ),
    );

/** Moves the clock to a moment and runs every job due then. */
async function runJobsAt(at: Date) {
  clock = at;
  while ((await t.services.runJobs()) > 0);
}

describe('payment reconciliation (issue #13 item 18: no paid payment waits for a page view)', () => {
  it('credits a paid payment whose webhook was lost 10 minutes after it started, without a page view', async () => {
    const start = clock;
    const { m, pack, paymentId, sandboxId, before } = await startPurchase();
    // Paid at the provider; its report never arrives and the member never opens the result page.
    await t.services.sandbox.settle(sandboxId, 'paid');
    const [check] = await pendingChecks(paymentId);
    expect(check.runAt.getTime()).toBe(start.getTime() + 10 * MINUTE);

    await runJobsAt(new Date(start.getTime() + 9 * MINUTE));
    expect((await paymentRow(paymentId)).status).toBe('pending');
    expect(await account(m.user.id)).toEqual(before);

    await runJobsAt(new Date(start.getTime() + 10 * MINUTE));
    expect((await paymentRow(paymentId)).status).toBe('paid');
    expect(await account(m.user.id)).toEqual({
      credits: before.credits + pack.credits,
      paid: true,
      ledger: before.ledger + pack.credits,
    });
    expect(await pendingChecks(paymentId)).toEqual([]);
  });

  it(`asks again with backoff while pending; with the webhook at the same moment it grants once ${CONCURRENCY_PROOF}`, async () => {
    const start = clock;
    const { m, pack, paymentId, sandboxId, before } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'pending');
    const dueTimes: number[] = [];
    for (let i = 0; i < 4; i++) {
      const [next] = await pendingChecks(paymentId);
      dueTimes.push((next.runAt.getTime() - start.getTime()) / MINUTE);
      await runJobsAt(next.runAt);
      expect((await paymentRow(paymentId)).status).toBe('pending');
    }
    // 10 minutes after creation, then 20, 40 and 80 minutes apart.
    expect(dueTimes).toEqual([10, 30, 70, 150]);
    const [next] = await pendingChecks(paymentId);
    expect(next.runAt.getTime() - clock.getTime()).toBe(160 * MINUTE);

    await t.services.sandbox.settle(sandboxId, 'paid');
    clock = next.runAt;
    await Promise.all([t.services.runJobs(), webhook(sandboxId), webhook(sandboxId), t.services.runJobs()]);
    expect((await paymentRow(paymentId)).status).toBe('paid');
    expect(await account(m.user.id)).toEqual({
      credits: before.credits + pack.credits,
      paid: true,
      ledger: before.ledger + pack.credits,
    });
    expect(await pendingChecks(paymentId)).toEqual([]);
  });

  it('stops asking once the webhook made it final', async () => {
    const start = clock;
    const { paymentId, sandboxId } = await startPurchase();
    expect(await pendingChecks(paymentId)).toHaveLength(1);
    await t.services.sandbox.settle(sandboxId, 'failed');
    await webhook(sandboxId);
    await runJobsAt(new Date(start.getTime() + 10 * MINUTE));
    expect((await paymentRow(paymentId)).status).toBe('failed');
    expect(await pendingChecks(paymentId)).toEqual([]);
  });

  it('expires a payment still not final 28 days after it started: discount back, nothing granted', async () => {
    const start = clock;
    const { m, paymentId, before } = await startPurchase(true);
    expect(
      await t.services.database.db
        .select()
        .from(discountRedemptions)
        .where(eq(discountRedemptions.paymentId, paymentId)),
    ).toHaveLength(1);
    // The member left the checkout open; the provider keeps saying "open".
    let checks = 0;
    for (let next = (await pendingChecks(paymentId))[0]; next; next = (await pendingChecks(paymentId))[0]) {
      expect(next.runAt.getTime()).toBeLessThanOrEqual(start.getTime() + 28 * DAY);
      await runJobsAt(next.runAt);
      checks++;
    }
    expect(clock.getTime()).toBe(start.getTime() + 28 * DAY);
    // Backoff up to one check every 6 hours: about 4 a day, not one a minute.
    expect(checks).toBeGreaterThan(28 * 3);
    expect(checks).toBeLessThan(28 * 5);
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('expired');
    expect(await account(m.user.id)).toEqual(before);
    expect(
      await t.services.database.db
        .select()
        .from(discountRedemptions)
        .where(eq(discountRedemptions.paymentId, paymentId)),
    ).toEqual([]);
  });

  it('migration 0019 schedules payments started before the job existed, and they are credited', async () => {
    const { m, pack, paymentId, sandboxId, before } = await startPurchase();
    await t.services.database.db.delete(jobs).where(sql`${jobs.payload} @> ${JSON.stringify({ paymentId })}::jsonb`);
    await t.services.sandbox.settle(sandboxId, 'paid');
    const migration = await readFile(
      path.join(import.meta.dirname, '../../db/migrations/0019_reconcile_open_payments.sql'),
      'utf8',
    );
    await t.services.database.db.execute(sql.raw(migration));
    const [check] = await pendingChecks(paymentId);
    expect(new Date(String(check.payload.expiresAt)).getTime()).toBe(
      (await paymentRow(paymentId)).createdAt.getTime() + 28 * DAY,
    );
    // The migration's checks are due at once (database time); run them on the real clock.
    await runJobsAt(new Date(Math.max(clock.getTime(), Date.now() + MINUTE)));
    expect((await paymentRow(paymentId)).status).toBe('paid');
    expect((await account(m.user.id)).credits).toBe(before.credits + pack.credits);
  });

  it('runs a check again after a crash without doubling the chain of checks', async () => {
    const { paymentId, sandboxId } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'pending');
    const [first] = await pendingChecks(paymentId);
    await runJobsAt(first.runAt);
    // The process died after the check scheduled the next one but before it was marked done: it runs again.
    await t.services.database.db.update(jobs).set({ doneAt: null, runAt: clock }).where(eq(jobs.id, first.id));
    await runJobsAt(clock);
    expect(await pendingChecks(paymentId)).toHaveLength(1);
    const [row] = await t.services.database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(row.status).toBe('pending');
  });
});
