import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, jobs, notificationSends, sites, users } from '#server/db/schema/index.ts';
import { buildMember, type TTestMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { createOpsService, type TOpsAuditEntry } from './ops.service.ts';

let t: TTestApp;
const clock = new Date('2026-11-28T12:00:00Z');
const audits: TOpsAuditEntry[] = [];
let ops: ReturnType<typeof createOpsService>;
let siteId: number;
let otherSiteId: number;
let member: TTestMember;

const db = () => t.services.database.db;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(clock.getTime() - ms);

beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  siteId = (await t.services.sites.resolve('localhost')).id;
  const [other] = await db().select({ id: sites.id }).from(sites).where(eq(sites.domain, 'liefde.localhost'));
  otherSiteId = other!.id;
  ops = createOpsService(
    { db: db(), now: () => clock, log: t.services.log },
    {
      retryableKinds: t.services.retryableJobKinds,
      recordAudit: async (_tx, entry) => audits.push(entry),
      siteById: (id) => t.services.sites.byId(id),
      originOf: (site) => `https://${site.domain}`,
    },
  );
  member = await buildMember(t);
});
afterAll(async () => {
  await t.close();
});

/** Adds a job in a given state; returns its id. */
async function addJob(values: Partial<typeof jobs.$inferInsert> & { kind: string }): Promise<number> {
  const [row] = await db()
    .insert(jobs)
    .values({ payload: {}, runAt: clock, createdAt: ago(HOUR), ...values })
    .returning({ id: jobs.id });
  return row!.id;
}

describe('queue depth per kind', () => {
  it('counts due, running, retrying, scheduled and failed jobs of a kind; done ones not at all', async () => {
    const kind = 'test_depth';
    await addJob({ kind, runAt: ago(1000) });
    await addJob({ kind, runAt: ago(1000) });
    await addJob({ kind, runAt: new Date(clock.getTime() + HOUR), attempts: 1 });
    await addJob({ kind, runAt: new Date(clock.getTime() + HOUR), attempts: 1, lastError: 'timeout' });
    await addJob({ kind, runAt: new Date(clock.getTime() + HOUR) });
    await addJob({ kind, failedAt: ago(HOUR), attempts: 3, lastError: 'smtp 550' });
    await addJob({ kind, doneAt: ago(HOUR) });
    const depth = (await ops.queue(null)).find((d) => d.kind === kind);
    expect(depth).toEqual({ kind, due: 2, running: 1, retrying: 1, scheduled: 1, failed: 1 });
  });

  it("shows a site-limited staff member only their sites' members' jobs", async () => {
    const kind = 'test_depth_site';
    await addJob({ kind, userId: member.user.id });
    await addJob({ kind });
    expect((await ops.queue([siteId])).find((d) => d.kind === kind)?.due).toBe(1);
    expect((await ops.queue([otherSiteId])).find((d) => d.kind === kind)).toBeUndefined();
    expect((await ops.queue(null)).find((d) => d.kind === kind)?.due).toBe(2);
  });
});

describe('failed jobs and their retry', () => {
  it('lists failed jobs with their reason and whether they can be retried, never their payload', async () => {
    const id = await addJob({
      kind: 'notify_broadcast',
      payload: { secret: 'https://localhost/reset?token=abc' },
      failedAt: ago(HOUR),
      attempts: 5,
      lastError: 'connection refused',
      userId: member.user.id,
    });
    await addJob({ kind: 'send_mail', payload: { kind: 'activation' }, failedAt: ago(2 * HOUR), lastError: '550' });
    const { jobs: page, total } = await ops.failedJobs({ siteIds: null, page: 1, pageSize: 50 });
    expect(total).toBeGreaterThanOrEqual(2);
    const listed = page.find((j) => j.id === id);
    expect(listed).toMatchObject({ kind: 'notify_broadcast', lastError: 'connection refused', retryable: true });
    expect(listed?.siteId).toBe(siteId);
    expect(JSON.stringify(page)).not.toContain('token=abc');
    expect(page.find((j) => j.kind === 'send_mail')?.retryable).toBe(false);
    const mine = await ops.failedJobs({ siteIds: [otherSiteId], page: 1, pageSize: 50 });
    expect(mine.jobs.find((j) => j.id === id)).toBeUndefined();
  });

  it('retries a failed job as a fresh one, due now, and records who did it', async () => {
    const id = await addJob({
      kind: 'notify_sweep',
      failedAt: ago(HOUR),
      attempts: 4,
      lastError: 'boom',
      userId: member.user.id,
    });
    expect(await ops.failedJobSite(id)).toBe(siteId);
    await ops.retryJob(7, id);
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ failedAt: null, attempts: 0, lastError: null, runAt: clock });
    expect(audits.at(-1)).toMatchObject({
      staffId: 7,
      action: 'job.retry',
      siteId,
      userId: member.user.id,
      subject: `job:${id}`,
      before: { attempts: 4, lastError: 'boom' },
    });
    // No longer failed: a second retry (another operator, a double click) finds nothing to do.
    await expect(ops.retryJob(7, id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('refuses to retry a job whose payload was scrubbed when it failed (an email without its link)', async () => {
    const id = await addJob({ kind: 'send_mail', payload: { kind: 'reset' }, failedAt: ago(HOUR), lastError: '550' });
    const before = audits.length;
    await expect(ops.retryJob(7, id)).rejects.toMatchObject({ code: 'invalid_request' });
    const [row] = await db().select().from(jobs).where(eq(jobs.id, id));
    expect(row?.failedAt).not.toBeNull();
    expect(audits.length).toBe(before);
  });

  it('answers not found for a job that is not failed or does not exist', async () => {
    const pending = await addJob({ kind: 'notify_sweep' });
    await expect(ops.failedJobSite(pending)).rejects.toMatchObject({ code: 'not_found' });
    await expect(ops.failedJobSite(987_654_321)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('notification sends per kind', () => {
  it('counts the last 7 and 30 days per kind, channel and status, by the members of the sites asked for', async () => {
    const send = (kind: string, status: string, createdAt: Date, key: string) =>
      db().insert(notificationSends).values({
        userId: member.user.id,
        kind,
        channel: 'email',
        eventKey: key,
        status,
        createdAt,
      });
    await send('like', 'sent', ago(2 * 24 * HOUR), 'like:a');
    await send('like', 'sent', ago(10 * 24 * HOUR), 'like:b');
    await send('like', 'sent', ago(40 * 24 * HOUR), 'like:c');
    await send('like', 'skipped', ago(HOUR), 'like:d');
    const rows = await ops.sends(null);
    expect(rows.find((r) => r.kind === 'like' && r.status === 'sent')).toMatchObject({ last7: 1, last30: 2 });
    expect(rows.find((r) => r.kind === 'like' && r.status === 'skipped')).toMatchObject({ last7: 1, last30: 1 });
    expect((await ops.sends([otherSiteId])).filter((r) => r.kind === 'like')).toEqual([]);
  });
});

describe('broadcasts from the console', () => {
  const messages = {
    en: { title: 'Half price this weekend', body: 'Only now.', url: 'https://localhost/premium' },
    de: { title: 'Halber Preis am Wochenende', body: 'Nur jetzt.', url: 'https://localhost/premium' },
  };

  it('counts the members who consented to the kind, per locale', async () => {
    // Broadcasts go to activated accounts only.
    await db().update(users).set({ status: 'active' }).where(eq(users.id, member.user.id));
    const before = await ops.audience(siteId, 'promotions');
    await db().insert(consents).values({ userId: member.user.id, kind: 'promotions', version: '1', locale: 'en' });
    const after = await ops.audience(siteId, 'promotions');
    expect(after.total).toBe(before.total + 1);
    expect(after.perLocale.find((l) => l.locale === 'en')?.members).toBeGreaterThanOrEqual(1);
    expect((await ops.audience(siteId, 'news')).total).toBe(0);
  });

  it('previews the email of every locale: its own text, else the English one', async () => {
    const previews = await ops.preview(siteId, 'promotions', messages);
    expect(previews).toHaveLength(11);
    const de = previews.find((p) => p.locale === 'de')!;
    expect(de.textLocale).toBe('de');
    expect(de.subject).toContain('Halber Preis am Wochenende');
    expect(de.html).toContain('<html lang="de"');
    const fr = previews.find((p) => p.locale === 'fr')!;
    expect(fr.textLocale).toBe('en');
    expect(fr.subject).toContain('Half price this weekend');
    expect(fr.html).toContain('<html lang="fr"');
  });

  it('queues the broadcast through the broadcast job and records it', async () => {
    const { broadcast, recipients } = await ops.sendBroadcast(9, { siteId, kind: 'promotions', messages });
    expect(recipients).toBeGreaterThanOrEqual(1);
    const queued = await db().select().from(jobs).where(eq(jobs.kind, 'notify_broadcast'));
    expect(queued.some((j) => (j.payload as { broadcast?: string }).broadcast === broadcast)).toBe(true);
    expect(audits.at(-1)).toMatchObject({
      staffId: 9,
      action: 'broadcast.send',
      siteId,
      subject: `broadcast:${broadcast}`,
      after: { kind: 'promotions', recipients },
    });
  });

  it('answers not found for a site that does not exist', async () => {
    await expect(ops.audience(987_654, 'news')).rejects.toMatchObject({ code: 'not_found' });
  });
});
