import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMemberSearch } from '#common/member-admin.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { MEMBER_LIST_PAGE } from '#common/wire/admin/members.ts';
import { creditLedger, jobs, payments, profiles, users } from '#server/db/schema/index.ts';
import { asMember } from '#server/test/member-client.ts';
import { activeMember, buildMember, lastMail } from '#server/test/factories.ts';
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
const search = (input: Record<string, unknown>, actor: TActor = OWNER) =>
  area.memberAdmin.search(actor, ZMemberSearch.parse(input));
const siteId = async (domain: string) => (await t.services.sites.resolve(domain)).id;
const lastAudit = () => audits[audits.length - 1];

describe('member search (console)', () => {
  it('finds a member by part of the email, part of the name, the profile id and a payment id', async () => {
    const m = await activeMember(t, { email: 'ziggy.stardust@example.org', name: 'Ziggurat' });
    const byEmail = await search({ q: 'stardust@exa' });
    expect(byEmail.rows.map((r) => r.userId)).toEqual([m.user.id]);
    const byName = await search({ q: 'ggura' });
    expect(byName.rows.map((r) => r.userId)).toEqual([m.user.id]);
    const byProfile = await search({ q: String(m.user.profile.id) });
    expect(byProfile.rows.map((r) => r.userId)).toEqual([m.user.id]);
    const [{ id: packageId }] = await t.services.database.db.query.creditPackages.findMany({ limit: 1 });
    const [payment] = await t.services.database.db
      .insert(payments)
      .values({
        userId: m.user.id,
        packageId,
        credits: 50,
        amountMinor: 749,
        currency: 'EUR',
        method: 'ideal',
        provider: 'sandbox',
      })
      .returning();
    const byPayment = await search({ q: payment.id });
    expect(byPayment.rows.map((r) => r.userId)).toEqual([m.user.id]);
    // LIKE wildcards typed in the box are taken literally.
    expect((await search({ q: '%' })).total).toBe(0);
  });

  it('pages and sorts on the server and counts every match', async () => {
    for (let i = 0; i < 3; i++) await buildMember(t, { email: `pager${i}@paging.test` });
    const first = await search({ q: '@paging.test', sort: 'email', dir: 'asc', pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.email)).toEqual(['pager0@paging.test', 'pager1@paging.test']);
    const second = await search({ q: '@paging.test', sort: 'email', dir: 'asc', pageSize: 2, page: 2 });
    expect(second.rows.map((r) => r.email)).toEqual(['pager2@paging.test']);
  });

  it('a staff member limited to some sites finds only their members and is refused another site', async () => {
    const other = await buildMember(t, { email: 'elsewhere@sites.test' }, { host: 'liefde.localhost' });
    const limited: TActor = { id: 2, role: 'support', siteIds: [await siteId('localhost')] };
    expect((await search({ q: 'elsewhere@sites' })).total).toBe(1);
    expect((await search({ q: 'elsewhere@sites' }, limited)).total).toBe(0);
    await expect(search({ siteId: await siteId('liefde.localhost') }, limited)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(area.memberAdmin.memberFile(limited, other.user.id)).rejects.toMatchObject({ code: 'forbidden' });
  });
});

describe("a member's page (console)", () => {
  it('shows the account, ledger, payments, sessions and reports; never the password hash', async () => {
    const m = await activeMember(t, {}, { credits: 40 });
    const file = await area.memberAdmin.memberFile(OWNER, m.user.id);
    expect(file.account).toMatchObject({ userId: m.user.id, credits: 40 });
    expect(file.account).not.toHaveProperty('passwordHash');
    expect(file.ledger.rows.reduce((s, l) => s + l.delta, 0)).toBe(40);
    expect(file.sessions.total).toBe(1);
    expect(file.sessions.rows[0].id).not.toMatch(/^[0-9a-f]{64}$/);
    expect(file.consents.map((c) => c.kind)).toEqual(expect.arrayContaining(['terms', 'privacy']));
  });

  it('opens with the newest rows of each long list and their totals; the rest comes a page at a time', async () => {
    const m = await activeMember(t);
    const rows = MEMBER_LIST_PAGE * 2 + 5;
    const existing = (await area.memberAdmin.memberFile(OWNER, m.user.id)).ledger.total;
    const start = t.services.now().getTime() + 60_000;
    await t.services.database.db.insert(creditLedger).values(
      Array.from({ length: rows }, (_, i) => ({
        userId: m.user.id,
        delta: i + 1,
        reason: 'test_paging',
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const file = await area.memberAdmin.memberFile(OWNER, m.user.id);
    expect(file.ledger.rows).toHaveLength(MEMBER_LIST_PAGE);
    expect(file.ledger.total).toBe(existing + rows);
    expect(file.ledger.rows[0].delta).toBe(rows);
    const seen = new Set(file.ledger.rows.map((r) => r.id));
    let offset = file.ledger.rows.length;
    while (offset < file.ledger.total) {
      const more = await area.memberAdmin.memberList(OWNER, { userId: m.user.id, list: 'ledger', offset });
      expect(more.ledger!.total).toBe(file.ledger.total);
      for (const r of more.ledger!.rows) seen.add(r.id);
      offset += more.ledger!.rows.length;
    }
    // Every row once, newest first across pages.
    expect(seen.size).toBe(file.ledger.total);
    const all = await area.memberAdmin.memberList(OWNER, {
      userId: m.user.id,
      list: 'ledger',
      offset: MEMBER_LIST_PAGE,
    });
    expect(all.ledger!.rows[0].delta).toBe(rows - MEMBER_LIST_PAGE);
    // Another list pages alike; an offset past the end answers no rows but the total.
    const audit = await area.memberAdmin.memberList(OWNER, { userId: m.user.id, list: 'audit', offset: 10_000 });
    expect(audit.audit).toEqual({ rows: [], total: file.audit.total });
  });
});

describe('staff actions on a member (console)', () => {
  it('adjusts credits with a ledger row and an audit entry; never below zero', async () => {
    const m = await activeMember(t, {}, { credits: 10 });
    expect(await area.memberActions.adjustCredits(OWNER, m.user.id, { delta: 25, reason: 'goodwill' })).toEqual({
      credits: 35,
    });
    expect(lastAudit()).toMatchObject({
      action: 'credits.adjust',
      userId: m.user.id,
      before: { credits: 10 },
      after: { credits: 35, delta: 25, reason: 'goodwill' },
    });
    await expect(
      area.memberActions.adjustCredits(OWNER, m.user.id, { delta: -36, reason: 'too much' }),
    ).rejects.toMatchObject({
      code: 'not_enough_credits',
    });
    const { db } = t.services.database;
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, m.user.id));
    const [account] = await db.select().from(users).where(eq(users.id, m.user.id));
    expect(account.credits).toBe(35);
    expect(ledger.reduce((s, l) => s + l.delta, 0)).toBe(35);
    expect(ledger.find((l) => l.reason === 'adjustment')).toMatchObject({ delta: 25, ref: 'staff:1' });
  });

  it('ends every session: the member is logged out', async () => {
    const m = await activeMember(t);
    expect(await area.memberActions.endSessions(OWNER, m.user.id)).toEqual({ ended: 1 });
    expect(lastAudit()).toMatchObject({ action: 'member.end_sessions', before: { sessions: 1 } });
    const res = await asMember(t.app, m.cookie).call(accountsApi.current);
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });

  it('resends the activation email and sends a reset link, in the member language', async () => {
    const m = await buildMember(t, { email: 'unconfirmed@mail.test' });
    await area.memberActions.resendActivation(OWNER, m.user.id);
    expect(await lastMail(t, 'unconfirmed@mail.test')).toMatchObject({ kind: 'activation' });
    await area.memberActions.sendResetLink(OWNER, m.user.id);
    expect(await lastMail(t, 'unconfirmed@mail.test')).toMatchObject({ kind: 'reset' });
    expect(audits.slice(-2).map((a) => a.action)).toEqual(['member.resend_activation', 'member.reset_link']);
    const active = await activeMember(t);
    await t.services.database.db.update(users).set({ emailConfirmed: true }).where(eq(users.id, active.user.id));
    await expect(area.memberActions.resendActivation(OWNER, active.user.id)).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('lifts a direct-debit block, marks invisible, deletes with the grace period', async () => {
    const m = await activeMember(t);
    const { db } = t.services.database;
    await db.update(users).set({ directDebitBlocked: true }).where(eq(users.id, m.user.id));
    await area.memberActions.liftDirectDebitBlock(OWNER, m.user.id);
    await area.memberActions.setInvisible(OWNER, m.user.id, true);
    const [account] = await db.select().from(users).where(eq(users.id, m.user.id));
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, m.user.profile.id));
    expect([account.directDebitBlocked, account.invisible, profile.invisible]).toEqual([false, true, true]);
    await expect(area.memberActions.liftDirectDebitBlock(OWNER, m.user.id)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await area.memberActions.deleteMember(OWNER, m.user.id, { reason: 'asked by email' });
    const [deleted] = await db.select().from(users).where(eq(users.id, m.user.id));
    expect(deleted.status).toBe('deleted');
    const purge = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'purge_account'), sql`${jobs.payload}->>'userId' = ${String(m.user.id)}`));
    expect(purge).toHaveLength(1);
    expect(audits.slice(-3).map((a) => a.action)).toEqual([
      'member.lift_direct_debit_block',
      'member.invisible',
      'member.delete',
    ]);
  });

  it('refuses a member of a site the staff member may not see, and changes nothing', async () => {
    const other = await activeMember(t, {}, { credits: 5 });
    const limited: TActor = { id: 3, role: 'admin', siteIds: [await siteId('liefde.localhost')] };
    await expect(
      area.memberActions.adjustCredits(limited, other.user.id, { delta: 5, reason: 'x y z' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    const [account] = await t.services.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(account.credits).toBe(5);
  });
});
