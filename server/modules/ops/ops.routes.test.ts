import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOpsApi } from '#common/wire/admin/ops.ts';
import { auditLog, consents, jobs, sites, users } from '#server/db/schema/index.ts';
import { activeMember, buildMember } from '#server/test/factories.ts';
import { asStaff, enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let support: TTestStaff;
let admin: TTestStaff;
let limited: TTestStaff;
let siteId: number;
let member: Awaited<ReturnType<typeof activeMember>>;

const db = () => t.services.database.db;
const messages = {
  en: { title: 'Our new swipe game', body: 'Try it today.', url: 'https://localhost/swipe-game' },
  nl: { title: 'Ons nieuwe swipespel', body: 'Probeer het vandaag.', url: 'https://localhost/swipe-game' },
};

beforeAll(async () => {
  t = await buildTestApp();
  const [own] = await db().select().from(sites).where(eq(sites.domain, 'localhost'));
  siteId = own!.id;
  support = await enrolledStaff(t, 'support');
  admin = await enrolledStaff(t, 'admin');
  limited = await enrolledStaff(t, 'support', [siteId]);
  member = await activeMember(t);
});
afterAll(async () => {
  await t.close();
});

/** A failed job, optionally about a member; returns its id. */
async function failedJob(kind: string, userId?: number, payload: Record<string, unknown> = {}) {
  const [row] = await db()
    .insert(jobs)
    .values({ kind, userId, payload, attempts: 3, failedAt: new Date(), lastError: 'relay answered 554' })
    .returning({ id: jobs.id });
  return row!.id;
}

describe('console: jobs', () => {
  it('shows support the queue per kind and the failed jobs with their reason, without payloads', async () => {
    const id = await failedJob('notify_sweep', member.user.id, { token: 'secret-link-token' });
    const queue = await asStaff(t.app, support).call(adminOpsApi.queue, {});
    expect(queue.status).toBe(200);
    expect(queue.body.kinds.find((k) => k.kind === 'notify_sweep')?.failed).toBeGreaterThanOrEqual(1);
    const failed = await asStaff(t.app, support).call(adminOpsApi.failed, {});
    expect(failed.status).toBe(200);
    expect(failed.body.jobs.find((j) => j.id === id)).toMatchObject({
      kind: 'notify_sweep',
      lastError: 'relay answered 554',
      retryable: true,
      siteId,
    });
    expect(JSON.stringify(failed.body)).not.toContain('secret-link-token');
  });

  it('retries a failed job and records who did it in the audit log', async () => {
    const id = await failedJob('notify_sweep', member.user.id);
    const res = await asStaff(t.app, admin).call(adminOpsApi.retry, { jobId: id });
    expect(res.status).toBeLessThan(300);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ failedAt: null, attempts: 0, lastError: null });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.subject, `job:${id}`)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: admin.id, siteId, userId: member.user.id });
  });

  it('refuses to retry an email whose link was scrubbed; the job stays failed, nothing is recorded', async () => {
    const id = await failedJob('send_mail', member.user.id, { kind: 'activation', toDomain: 'example.com' });
    const res = await asStaff(t.app, admin).call(adminOpsApi.retry, { jobId: id });
    expect(res.status).toBe(400);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    expect(row?.failedAt).not.toBeNull();
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.subject, `job:${id}`)),
    ).toEqual([]);
  });

  it("lets site-limited staff retry their site's jobs, not the platform's", async () => {
    const mine = await failedJob('notify_sweep', member.user.id);
    expect((await asStaff(t.app, limited).call(adminOpsApi.retry, { jobId: mine })).status).toBeLessThan(300);
    const platform = await failedJob('notify_sweep');
    expect((await asStaff(t.app, limited).call(adminOpsApi.retry, { jobId: platform })).status).toBe(403);
    expect((await asStaff(t.app, support).call(adminOpsApi.retry, { jobId: platform })).status).toBeLessThan(300);
    expect((await asStaff(t.app, support).call(adminOpsApi.retry, { jobId: 987_654_321 })).status).toBe(404);
  });

  it('counts notification sends per kind over 7 and 30 days', async () => {
    const res = await asStaff(t.app, support).call(adminOpsApi.sends, { siteId });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body.sends)).toBe(true);
  });
});

describe('console: broadcasts', () => {
  it('counts the recipients, previews each locale and sends, audited', async () => {
    const fan = await buildMember(t);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, fan.user.id));
    await db().insert(consents).values({ userId: fan.user.id, kind: 'news', version: '1', locale: 'en' });
    const audience = await asStaff(t.app, support).call(adminOpsApi.audience, { siteId, kind: 'news' });
    expect(audience.status).toBe(200);
    expect(audience.body.total).toBeGreaterThanOrEqual(1);

    const preview = await asStaff(t.app, support).call(adminOpsApi.preview, { siteId, kind: 'news', messages });
    expect(preview.status).toBe(200);
    const nl = preview.body.previews.find((p) => p.locale === 'nl');
    expect(nl?.subject).toContain('Ons nieuwe swipespel');
    expect(preview.body.previews.find((p) => p.locale === 'it')?.textLocale).toBe('en');

    const sent = await asStaff(t.app, admin).call(adminOpsApi.broadcast, { siteId, kind: 'news', messages });
    expect(sent.status).toBe(200);
    expect(sent.body.recipients).toBe(audience.body.total);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `broadcast:${sent.body.broadcast}`));
    expect(entry).toMatchObject({ action: 'broadcast.send', staffId: admin.id, siteId });
    const queued = await db().select().from(jobs).where(eq(jobs.kind, 'notify_broadcast'));
    expect(queued.some((j) => (j.payload as { broadcast?: string }).broadcast === sent.body.broadcast)).toBe(true);
  });

  it('refuses a broadcast without the English text', async () => {
    const res = await asStaff(t.app, admin).call(adminOpsApi.broadcast, {
      siteId,
      kind: 'news',
      messages: { nl: messages.nl } as typeof messages,
    });
    expect(res.status).toBe(400);
  });
});
