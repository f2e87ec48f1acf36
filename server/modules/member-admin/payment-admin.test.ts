import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPaymentSearch } from '#common/member-admin.ts';
import { paymentsApi } from '#common/wire/payments.ts';
import { payments, sandboxPayments } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { paymentKit } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { createMemberAdminArea } from './member-admin.area.ts';
import type { TActor, TAuditEntry } from './staff-port.ts';

let t: TTestApp;
let area: ReturnType<typeof createMemberAdminArea>;
const audits: TAuditEntry[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  const s = t.services;
  area = createMemberAdminArea(
    { db: s.database.db, now: s.now, log: s.log },
    {
      config: s.config,
      mailer: s.mailer,
      jobs: { runNow: async () => void (await s.runJobs()) },
      realtime: s.realtime,
      sites: s.sites,
      payments: { provider: s.sandbox, refunds: s.refunds, review: s.review },
      audit: async (_tx, entry) => void audits.push(entry),
    },
  );
});
afterAll(async () => {
  await t.close();
});

const OWNER: TActor = { id: 1, role: 'owner', siteIds: null };
const SUPPORT_ELSEWHERE: TActor = { id: 9, role: 'support', siteIds: [2] };
const { member, account, paymentRow, bundles, webhook } = paymentKit(() => t, 'DE');

/** A member who started buying the first bundle by card, and the sandbox's id of it. */
async function startPurchase() {
  const m = await activeMember(t);
  const [pack] = await bundles(m.cookie);
  const res = await member(m.cookie).call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard' });
  const paymentId = res.body.payment_id;
  const sandboxId = (await paymentRow(paymentId)).providerPaymentId!;
  return { m, pack, paymentId, sandboxId };
}

/** A purchase the provider reported paid with another amount: held in review. */
async function heldPurchase() {
  const p = await startPurchase();
  const { db } = t.services.database;
  await db.update(sandboxPayments).set({ status: 'paid', amountMinor: 1 }).where(eq(sandboxPayments.id, p.sandboxId));
  await webhook(p.sandboxId);
  expect((await paymentRow(p.paymentId)).status).toBe('review');
  return p;
}

describe('payments in the console', () => {
  it("a payment's page shows the provider's reports as applied and its ledger rows", async () => {
    const { paymentId, sandboxId } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'paid');
    await webhook(sandboxId);
    await webhook(sandboxId);
    const detail = await area.paymentAdmin.detail(OWNER, paymentId);
    expect(detail.reports.map((r) => [r.source, r.status, r.outcome])).toEqual([
      ['webhook', 'paid', 'granted'],
      ['webhook', 'paid', 'unchanged'],
    ]);
    expect(detail.ledger.map((l) => l.reason)).toEqual(['purchase']);
    expect(detail.atProvider).toMatchObject({ status: 'paid' });
    await expect(area.paymentAdmin.detail(SUPPORT_ELSEWHERE, paymentId)).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('refunds under the existing rules, audited; refunding twice is refused', async () => {
    const { m, paymentId, sandboxId } = await startPurchase();
    await t.services.sandbox.settle(sandboxId, 'paid');
    await webhook(sandboxId);
    const before = await account(m.user.id);
    const refunded = await area.paymentAdmin.refund(OWNER, paymentId);
    expect(refunded.status).toBe('refunded');
    const after = await account(m.user.id);
    expect(after.credits).toBeLessThan(before.credits);
    expect(after.ledger).toBe(after.credits);
    expect(audits.at(-1)).toMatchObject({
      action: 'payment.refund',
      subject: `payment:${paymentId}`,
      before: { status: 'paid' },
      after: { status: 'refunded' },
    });
    await expect(area.paymentAdmin.refund(OWNER, paymentId)).rejects.toMatchObject({ code: 'refund_not_possible' });
  });

  it('approving a payment in review grants its credits once; declining grants nothing and ends it refunded', async () => {
    const approved = await heldPurchase();
    const before = await account(approved.m.user.id);
    expect((await area.paymentAdmin.decide(OWNER, approved.paymentId, 'approve')).status).toBe('paid');
    const after = await account(approved.m.user.id);
    expect(after.credits).toBe(before.credits + approved.pack.credits);
    expect(after.paid).toBe(true);
    await expect(area.paymentAdmin.decide(OWNER, approved.paymentId, 'approve')).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const declined = await heldPurchase();
    const untouched = await account(declined.m.user.id);
    expect((await area.paymentAdmin.decide(OWNER, declined.paymentId, 'decline')).status).toBe('refunded');
    expect(await account(declined.m.user.id)).toEqual(untouched);
    expect(audits.slice(-2).map((a) => [a.action, (a.after as { status: string }).status])).toEqual([
      ['payment.approve', 'paid'],
      ['payment.decline', 'refunded'],
    ]);
  });

  it('lists payments newest first, filtered by status, method and site, within the staff member’s sites', async () => {
    const held = await heldPurchase();
    const list = await area.paymentAdmin.list(OWNER, ZPaymentSearch.parse({ status: 'review' }));
    expect(list.rows[0]).toMatchObject({ id: held.paymentId, status: 'review', method: 'creditcard' });
    expect(list.rows.every((r) => r.status === 'review')).toBe(true);
    const ideal = await area.paymentAdmin.list(OWNER, ZPaymentSearch.parse({ method: 'ideal' }));
    expect(ideal.total).toBe(0);
    const elsewhere = await area.paymentAdmin.list(SUPPORT_ELSEWHERE, ZPaymentSearch.parse({}));
    expect(elsewhere.total).toBe(0);
    const all = await area.paymentAdmin.list(OWNER, ZPaymentSearch.parse({ from: '2000-01-01', pageSize: 2 }));
    expect(all.rows).toHaveLength(2);
    expect(all.total).toBe((await t.services.database.db.select().from(payments)).length);
  });
});
