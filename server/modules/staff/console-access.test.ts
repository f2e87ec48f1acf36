import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAllowed, STAFF_ROLES, type TStaffAccess, type TStaffRole } from '#common/staff.ts';
import { complaints, creditPackages, jobs, payments, photos, reports, sites } from '#server/db/schema/index.ts';
import { activeMember, buildMember, CLIENT } from '#server/test/factories.ts';
import { conversationWithFictional, fictionalFields } from '#server/test/hosts-fixtures.ts';
import { enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { SITES_SITE_CASES } from '#server/test/site-input.ts';

/**
 * Every console endpoint, found in the app's route table (a new one is covered by itself): visitors, members and staff
 * whose role the endpoint does not allow get 403; staff limited to one site get 403 for another site's things.
 */

/** Ids of things that belong to the other site (the one the site-limited staff member may not see). */
export type TOtherSite = {
  siteId: number;
  userId: number;
  profileId: number;
  jobId: number;
  reportId: number;
  photoId: string;
  complaintId: number;
  paymentId: string;
  chatId: number;
};

/**
 * Console endpoints that name a site's thing, with the input that names the other site's: the site-limited staff
 * member (with an allowed role) must get 403. Key: 'METHOD /path'.
 */
const SITE_CASES: Record<string, (other: TOtherSite) => Record<string, unknown>> = {
  ...SITES_SITE_CASES,
  'GET /api/admin/ops/queue': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/ops/failed': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/ops/retry': (o) => ({ jobId: o.jobId }),
  'GET /api/admin/ops/sends': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/ops/audience': (o) => ({ siteId: o.siteId, kind: 'news' }),
  'POST /api/admin/ops/preview': (o) => ({ siteId: o.siteId, kind: 'news', messages: BROADCAST }),
  'POST /api/admin/ops/broadcast': (o) => ({ siteId: o.siteId, kind: 'news', messages: BROADCAST }),
  'GET /api/admin/moderation/reports': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/moderation/report': (o) => ({ reportId: o.reportId }),
  'POST /api/admin/moderation/decide': (o) => ({ reportId: o.reportId, action: 'dismiss', reason: 'other' }),
  'GET /api/admin/moderation/photos': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/moderation/photo-approve': (o) => ({ photoId: o.photoId }),
  'POST /api/admin/moderation/photo-reject': (o) => ({ photoId: o.photoId, reason: 'other' }),
  'GET /api/admin/moderation/complaints': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/moderation/complaint-reply': (o) => ({ complaintId: o.complaintId, reply: 'Hello' }),
  'POST /api/admin/moderation/complaint-status': (o) => ({ complaintId: o.complaintId, status: 'closed' }),
  'POST /api/admin/moderation/ban': (o) => ({ userId: o.userId, reason: 'other' }),
  'POST /api/admin/moderation/unban': (o) => ({ userId: o.userId }),
  'GET /api/admin/members/search': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/members/view': (o) => ({ userId: o.userId }),
  'GET /api/admin/members/list': (o) => ({ userId: o.userId, list: 'ledger' }),
  'POST /api/admin/members/resend-activation': (o) => ({ userId: o.userId }),
  'POST /api/admin/members/reset-link': (o) => ({ userId: o.userId }),
  'POST /api/admin/members/end-sessions': (o) => ({ userId: o.userId }),
  'POST /api/admin/members/adjust-credits': (o) => ({ userId: o.userId, delta: 5, reason: 'access test' }),
  'POST /api/admin/members/lift-direct-debit-block': (o) => ({ userId: o.userId }),
  'POST /api/admin/members/invisible': (o) => ({ userId: o.userId, invisible: true }),
  'POST /api/admin/members/unhide': (o) => ({ userId: o.userId }),
  'POST /api/admin/members/delete': (o) => ({ userId: o.userId, reason: 'access test' }),
  'GET /api/admin/payments/list': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/payments/view': (o) => ({ paymentId: o.paymentId }),
  'POST /api/admin/payments/refund': (o) => ({ paymentId: o.paymentId }),
  'POST /api/admin/payments/decide': (o) => ({ paymentId: o.paymentId, decision: 'approve' }),
  'GET /api/admin/hosts/inbox': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/hosts/conversation': (o) => ({ chatId: o.chatId }),
  'POST /api/admin/hosts/claim': (o) => ({ chatId: o.chatId }),
  'POST /api/admin/hosts/next': (o) => ({ siteId: o.siteId }),
  'POST /api/admin/hosts/release': (o) => ({ chatId: o.chatId }),
  'POST /api/admin/hosts/reply': (o) => ({ chatId: o.chatId, text: 'Hello' }),
  'GET /api/admin/hosts/profiles': (o) => ({ siteId: o.siteId }),
  'GET /api/admin/hosts/profile': (o) => ({ profileId: o.profileId }),
  'POST /api/admin/hosts/profile-create': (o) => ({ ...fictionalFields(), siteId: o.siteId }),
  'POST /api/admin/hosts/profile-update': (o) => ({ ...fictionalFields(), profileId: o.profileId }),
  'POST /api/admin/hosts/profile-hide': (o) => ({ profileId: o.profileId, hidden: true }),
  'POST /api/admin/hosts/profile-photo': (o) => ({ $query: { profileId: o.profileId } }),
  'POST /api/admin/hosts/profile-photo-change': (o) => ({
    profileId: o.profileId,
    photoId: '00000000-0000-4000-8000-000000000000',
    action: 'main',
  }),
};

/** A valid broadcast text (its site is what the check is about). */
const BROADCAST = { en: { title: 'News', body: 'Text', url: 'https://liefde.localhost/' } };

/**
 * Console endpoints that name no site's thing (logins, the staff member's own account, owner-only staff management
 * and audit log): nothing site-scoped to check. A new endpoint must be in one list or the other.
 */
const NOT_SITE_SCOPED = new Set([
  'POST /api/admin/login',
  'POST /api/admin/verify',
  'GET /api/admin/enrolment',
  'POST /api/admin/enrol',
  'POST /api/admin/logout',
  'GET /api/admin/me',
  'GET /api/admin/staff/list',
  'POST /api/admin/staff/invite',
  'POST /api/admin/staff/update',
  'POST /api/admin/staff/reset-access',
  'GET /api/admin/audit',
  // Lists filtered to the staff member's sites (server/modules/sites/site-admin.routes.ts).
  'GET /api/admin/sites/companies',
  'GET /api/admin/sites/list',
  // Figures over the staff member's own sites only; names no site.
  'GET /api/admin/hosts/figures',
]);

let t: TTestApp;
const staffByRole = new Map<TStaffRole, TTestStaff>();
let member: Awaited<ReturnType<typeof activeMember>>;
let siteIds: { own: number; other: number };
let other: TOtherSite;

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.services.database;
  const [own] = await db.select().from(sites).where(eq(sites.domain, 'localhost'));
  const [second] = await db.select().from(sites).where(eq(sites.domain, 'liefde.localhost'));
  siteIds = { own: own.id, other: second.id };
  for (const role of STAFF_ROLES) staffByRole.set(role, await enrolledStaff(t, role));
  member = await activeMember(t);
  const elsewhere = await buildMember(t, {}, { host: 'liefde.localhost' });
  expect(elsewhere.user.profile.id).not.toBe(member.user.profile.id);
  // A failed job about the other site's member (the console's retry names it).
  const [job] = await db
    .insert(jobs)
    .values({ kind: 'notify_sweep', userId: elsewhere.user.id, failedAt: new Date(), lastError: 'test' })
    .returning({ id: jobs.id });
  const profileId = elsewhere.user.profile.id;
  const [report] = await db
    .insert(reports)
    .values({ reporterProfileId: member.user.profile.id, profileId, reason: 'other', siteId: siteIds.other })
    .returning({ id: reports.id });
  const [photo] = await db
    .insert(photos)
    .values({ profileId, fileKey: `access-${profileId}`, width: 600, height: 800 })
    .returning({ id: photos.id });
  const [complaint] = await db
    .insert(complaints)
    .values({
      siteId: siteIds.other,
      name: 'X',
      email: 'x@example.com',
      topic: 'other',
      message: 'A complaint.',
      locale: 'en',
    })
    .returning({ id: complaints.id });
  const [pack] = await db.select().from(creditPackages).where(eq(creditPackages.siteId, siteIds.other)).limit(1);
  const [payment] = await db
    .insert(payments)
    .values({
      userId: elsewhere.user.id,
      packageId: pack.id,
      credits: pack.credits,
      amountMinor: pack.priceMinor,
      currency: pack.currency,
      method: 'creditcard',
      provider: 'sandbox',
      status: 'review',
    })
    .returning();
  other = {
    siteId: siteIds.other,
    userId: elsewhere.user.id,
    profileId,
    reportId: report.id,
    photoId: photo.id,
    complaintId: complaint.id,
    jobId: job.id,
    paymentId: payment.id,
    chatId: await conversationWithFictional(t, elsewhere.user.profile.id),
  };
});
afterAll(async () => {
  await t.close();
});

const consoleRoutes = () =>
  t.app.routeCatalog
    .filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD')
    .map((r) => ({ ...r, key: `${r.method} ${r.url}`, access: r.staff as TStaffAccess }));

/** Sends a case's input: the query of a GET (or `$query` of an upload, whose body is a file), else the JSON body. */
const send = (r: { method: string; url: string }, cookies: Record<string, string>, input?: Record<string, unknown>) => {
  const { $query, ...body } = input ?? {};
  const asQuery = r.method === 'GET';
  const params = (asQuery ? body : $query) as Record<string, string> | undefined;
  const query = params && Object.keys(params).length ? `?${new URLSearchParams(params)}` : '';
  return t.app.inject({
    method: r.method as 'GET' | 'POST',
    url: `${r.url}${query}`,
    headers: { ...CLIENT, ...(asQuery ? {} : { 'content-type': 'application/json' }) },
    cookies,
    ...(asQuery ? {} : { payload: JSON.stringify(body) }),
  });
};

describe('console access', () => {
  it('finds the console routes, each declaring who may call it and whether it names a site', () => {
    const routes = consoleRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(NOT_SITE_SCOPED.size);
    for (const r of routes) {
      expect(r.access, r.key).toBeDefined();
      expect(
        NOT_SITE_SCOPED.has(r.key) || r.key in SITE_CASES,
        `${r.key}: add it to SITE_CASES or NOT_SITE_SCOPED`,
      ).toBe(true);
    }
  });

  it('answers 403 to visitors and members on every console route but the login steps', async () => {
    for (const r of consoleRoutes()) {
      if (r.access.roles === 'public') continue;
      expect((await send(r, {})).statusCode, `visitor ${r.key}`).toBe(403);
      expect((await send(r, member.cookie)).statusCode, `member ${r.key}`).toBe(403);
    }
  });

  it('answers 403 to staff whose role the route does not allow', async () => {
    let checked = 0;
    for (const r of consoleRoutes()) {
      for (const role of STAFF_ROLES) {
        if (roleAllowed(role, r.access)) continue;
        const res = await send(r, staffByRole.get(role)!.cookie);
        expect(res.statusCode, `${role} ${r.key}`).toBe(403);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  it("answers 403 to site-limited staff asking for another site's things", async () => {
    for (const [key, input] of Object.entries(SITE_CASES)) {
      const r = consoleRoutes().find((c) => c.key === key);
      expect(r, key).toBeDefined();
      if (!r || r.access.roles === 'public' || r.access.roles === 'any') continue;
      const role = r.access.roles[0] ?? 'owner';
      if (role === 'owner') continue;
      const limited = await enrolledStaff(t, role, [siteIds.own]);
      const res = await send(r, limited.cookie, input(other));
      expect(res.statusCode, `${role} limited to site ${siteIds.own}: ${key}`).toBe(403);
    }
  });
});
