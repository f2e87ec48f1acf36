import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZSitePatch } from '#common/site-fields.ts';
import { sitesApi } from '#common/wire/settings-api.ts';
import { discountRedemptions, payments, sites, users } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { activeMember, lastMail, linkIn } from '#server/test/factories.ts';
import { asVisitor } from '#server/test/member-client.ts';
import { recordingAudit } from '#server/test/audit-stub.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { createDashboardService, dashboardWindow } from '../dashboard/dashboard.service.ts';
import { createPriceAdminService } from '../payments/price-admin.service.ts';
import { createSiteAdminService } from './site-admin.service.ts';
import { siteInput } from '#server/test/site-input.ts';

let t: TTestApp;
let audit: ReturnType<typeof recordingAudit>;
let admin: ReturnType<typeof createSiteAdminService>;
let prices: ReturnType<typeof createPriceAdminService>;
let defaultSiteId: number;
beforeAll(async () => {
  t = await buildTestApp();
  audit = recordingAudit();
  const core = { db: t.services.database.db, log: t.services.log, now: t.services.now };
  admin = createSiteAdminService(core, { sites: t.services.sites, audit: audit.fn });
  prices = createPriceAdminService(core, { audit: audit.fn, siteById: (id) => t.services.sites.byId(id) });
  defaultSiteId = (await t.services.sites.resolve('localhost')).id;
});
afterAll(async () => {
  await t.close();
});

/** The issues of a refused change. */
async function issuesOf(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return ((err as AppError).data as { issues: { path: string; message: string }[] }).issues;
}

describe('site settings', () => {
  it('closes signups and the member-facing settings say so at once in this process', async () => {
    const before = await asVisitor(t.app).call(sitesApi.settings, {});
    expect(before.body.signups).toBe('all');
    const site = await admin.updateSite(7, defaultSiteId, { signups: 'closed' });
    expect(site.signups).toBe('closed');
    const after = await asVisitor(t.app).call(sitesApi.settings, {});
    expect(after.body.signups).toBe('closed');
    const entry = audit.entries.at(-1);
    expect(entry).toMatchObject({ staffId: 7, action: 'site.update', siteId: defaultSiteId });
    expect(entry?.before).toEqual({ signups: 'all' });
    expect(entry?.after).toEqual({ signups: 'closed' });
    await admin.updateSite(7, defaultSiteId, { signups: 'all' });
  });

  it('refuses a taken domain, an unknown company and taking the default flag away', async () => {
    expect(await issuesOf(admin.updateSite(1, defaultSiteId, { domain: 'liefde.localhost' }))).toEqual([
      { path: 'domain', message: 'sites.error.domain_taken' },
    ]);
    expect(await issuesOf(admin.createSite(1, siteInput({ company_id: 999 })))).toContainEqual({
      path: 'company_id',
      message: 'sites.error.no_company',
    });
    expect(await issuesOf(admin.updateSite(1, defaultSiteId, { is_default: false }))).toEqual([
      { path: 'is_default', message: 'sites.error.default_needed' },
    ]);
  });

  it('validates input with the API-derived schema', () => {
    expect(ZSitePatch.safeParse({ signups: 'sometimes' }).success).toBe(false);
    expect(ZSitePatch.safeParse({ domain: 'Bad Domain' }).success).toBe(false);
    expect(ZSitePatch.safeParse({ domain: 'New.Example' }).data).toEqual({ domain: 'new.example' });
    expect(ZSitePatch.safeParse({ min_age: 16 }).success).toBe(false);
    expect(ZSitePatch.safeParse({ fictional_plural: { xx: 'x' } }).success).toBe(false);
  });

  it("refuses prices under which a bundle would sell a message below the country's minimum", async () => {
    // The seeded NL bundles sell 50 credits for 7.49: one message (10 credits) at 1.50.
    const issues = await issuesOf(
      admin.updateSite(1, defaultSiteId, { minimum_message_costs: { NL: { costs: 200, currency: 'EUR' } } }),
    );
    expect(issues.length).toBeGreaterThan(0);
    expect(
      issues.every(
        (i) => i.message === 'sites.error.below_minimum_cost' || i.message === 'sites.error.country_not_priced',
      ),
    ).toBe(true);
    // Fewer credits per message make a message cheaper: refused as well.
    expect((await issuesOf(admin.updateSite(1, defaultSiteId, { message_credits: 1 }))).length).toBeGreaterThan(0);
  });
});

describe('credit bundles', () => {
  it('adds a bundle that respects the minimum and refuses one below it or in another currency', async () => {
    const base = { siteId: defaultSiteId, country: 'NL', position: 3, credits: 100, currency: 'EUR', active: true };
    // 100 credits = 10 messages; at 49 cents each the least is 4.90.
    expect(await issuesOf(prices.createBundle(1, { ...base, price_minor: 489 }))).toEqual([
      { path: 'price_minor', message: 'sites.error.below_minimum_cost' },
    ]);
    expect(await issuesOf(prices.createBundle(1, { ...base, price_minor: 999, currency: 'USD' }))).toEqual([
      { path: 'price_minor', message: 'sites.error.currency_mismatch' },
    ]);
    const bundle = await prices.createBundle(1, { ...base, price_minor: 490 });
    expect(bundle).toMatchObject({ siteId: defaultSiteId, credits: 100, price_minor: 490 });
    expect(await prices.bundleSite(bundle.bundleId)).toBe(defaultSiteId);
    const off = await prices.updateBundle(1, bundle.bundleId, { ...base, price_minor: 490, active: false });
    expect(off.active).toBe(false);
    // Not offered to members any more.
    const offered = await t.services.payments.packages(defaultSiteId, 'NL');
    expect(offered.map((p) => p.id)).not.toContain(bundle.bundleId);
    expect(audit.entries.filter((e) => e.action.startsWith('bundle.')).map((e) => e.action)).toEqual([
      'bundle.create',
      'bundle.update',
    ]);
  });
});

describe('discount campaigns', () => {
  it('applies a campaign only in its countries, from its start, up to its use limit', async () => {
    const now = t.services.now();
    const campaign = await prices.createCampaign(1, {
      siteId: defaultSiteId,
      code: 'spring-25',
      percentage: 25,
      countries: ['NL', 'BE'],
      methods: [],
      minimum_order: 0,
      currency: null,
      starts_at: null,
      expires: new Date(now.getTime() + 86_400_000).toISOString(),
      max_uses: 1,
      active: true,
    });
    expect(campaign).toMatchObject({ code: 'SPRING-25', uses: 0, percentage: 25 });
    const a = await activeMember(t);
    const b = await activeMember(t);
    const who = (userId: number, country: string) => ({ userId, siteId: defaultSiteId, country });
    await expect(t.services.discounts.lookup(who(a.user.id, 'DE'), 'spring-25')).rejects.toMatchObject({
      code: 'discount_not_found',
    });
    expect((await t.services.discounts.lookup(who(a.user.id, 'NL'), 'SPRING-25')).value_percentage).toBe(25);
    // One member redeemed it: the limit of one is reached for everyone else.
    const { db } = t.services.database;
    const [pkg] = await t.services.payments.packages(defaultSiteId, 'NL');
    const [payment] = await db
      .insert(payments)
      .values({
        userId: a.user.id,
        packageId: pkg.id,
        credits: 1,
        amountMinor: 1,
        currency: 'EUR',
        method: 'ideal',
        provider: 'sandbox',
      })
      .returning();
    await db
      .insert(discountRedemptions)
      .values({ discountCodeId: campaign.campaignId, userId: a.user.id, paymentId: payment.id });
    await expect(t.services.discounts.lookup(who(b.user.id, 'NL'), 'SPRING-25')).rejects.toMatchObject({
      code: 'discount_used',
    });
    const [listed] = (await prices.listCampaigns([defaultSiteId])).filter((c) => c.code === 'SPRING-25');
    expect(listed.uses).toBe(1);
    expect(await prices.listCampaigns([999])).toEqual([]);
    expect(await prices.campaignSite(campaign.campaignId)).toBe(defaultSiteId);
  });
});

describe('dashboard', () => {
  it('counts signups, activations, first purchases, revenue and messages per day and site', async () => {
    const dashboard = createDashboardService({ db: t.services.database.db, now: t.services.now });
    const m = await activeMember(t);
    const mail = await lastMail(t, m.form.email);
    await t.services.accounts.activate(linkIn(mail!.text).searchParams.get('token')!);
    const { db } = t.services.database;
    const [pkg] = await t.services.payments.packages(defaultSiteId, 'NL');
    const paid = {
      userId: m.user.id,
      packageId: pkg.id,
      credits: 50,
      currency: 'EUR',
      method: 'ideal',
      provider: 'sandbox',
      status: 'paid',
    };
    await db.insert(payments).values([
      { ...paid, amountMinor: 749, paidAt: new Date() },
      { ...paid, amountMinor: 1499, paidAt: new Date(Date.now() + 1000) },
    ]);
    const s = await dashboard.series([defaultSiteId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(s.days).toHaveLength(30);
    expect(s.days.at(-1)).toBe(today);
    const on = <T extends { day: string; siteId: number }>(rows: T[]) =>
      rows.filter((r) => r.day === today && r.siteId === defaultSiteId);
    expect(on(s.signups)[0].n).toBeGreaterThanOrEqual(1);
    expect(on(s.activations)[0].n).toBeGreaterThanOrEqual(1);
    expect(on(s.firstPurchases)[0].n).toBe(1);
    expect(on(s.revenue).find((r) => r.currency === 'EUR')).toMatchObject({ amountMinor: 2248 });
    // Another site's staff see nothing of it.
    const [other] = await db.select({ id: sites.id }).from(sites).where(eq(sites.domain, 'liefde.localhost'));
    expect((await dashboard.series([other.id])).signups).toEqual([]);
    const [{ activatedAt }] = await db
      .select({ activatedAt: users.activatedAt })
      .from(users)
      .where(eq(users.id, m.user.id));
    expect(activatedAt).not.toBeNull();
    expect(dashboardWindow(new Date('2026-03-31T23:00:00Z')).from.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});
