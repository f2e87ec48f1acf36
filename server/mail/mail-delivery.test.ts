import { and, eq, isNotNull, sql } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs, users } from '../db/schema/index.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { reportsApi } from '#common/wire/reports.ts';
import { signupForm } from '../test/factories.ts';
import { asVisitor } from '../test/member-client.ts';
import { refusingSmtpUrl, startSilentSmtp, startTestSmtp, type TTestSmtp } from '../test/smtp-server.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// With the mail server refusing, answering 451 or 550, or never greeting, requests answer at once, the
// email job retries (temporary) or fails visibly (permanent), nothing is sent twice, and an outage uses up no
// member's daily allowance of reset emails.

let clock = new Date('2026-11-22T10:00:00Z');
const now = () => clock;
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** Signs a member up and returns the form (its email is the account's). */
async function signUp(t: TTestApp) {
  const form = signupForm();
  const res = await asVisitor(t.app).call(accountsApi.signup, form);
  expect(res.status).toBe(200);
  const [user] = await t.services.database.db.select({ id: users.id }).from(users).where(eq(users.email, form.email));
  return { form, userId: user.id };
}

/** Asks for a password reset email; returns the answer and how long it took. */
async function requestReset(t: TTestApp, email: string) {
  const started = performance.now();
  const res = await asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email });
  const ms = performance.now() - started;
  // The job loop looks the address up and queues the email (nothing runs after the answer).
  await t.services.runJobs();
  return { status: res.status, ms };
}

/** The `send_mail` jobs of a member, oldest first. */
async function mailJobs(t: TTestApp, userId: number) {
  const rows = await t.services.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'send_mail'), eq(jobs.userId, userId)))
    .orderBy(jobs.id);
  return rows;
}

describe('a mail server that never greets, or refuses connections', () => {
  let silent: Awaited<ReturnType<typeof startSilentSmtp>>;
  let t: TTestApp;
  beforeAll(async () => {
    silent = await startSilentSmtp();
    t = await buildTestApp({ now, env: { SMTP_URL: silent.url, SMTP_TIMEOUT_MS: '2000' } });
  });
  afterAll(async () => {
    await t.close();
    await silent.close();
  });

  it('answers the request at once; the job times out after SMTP_TIMEOUT_MS and is retried later', async () => {
    const { form, userId } = await signUp(t);
    await t.services.settleJobs();
    const reset = await requestReset(t, form.email as string);
    expect(reset.status).toBe(204);
    expect(reset.ms).toBeLessThan(1000);
    await t.services.settleJobs();
    const [, resetJob] = await mailJobs(t, userId);
    expect(resetJob.payload).toMatchObject({ kind: 'reset' });
    expect(resetJob.lastError).toMatch(/greeting|timeout/i);
    expect(resetJob.doneAt).toBeNull();
    expect(resetJob.failedAt).toBeNull();
    expect(resetJob.runAt.getTime()).toBeGreaterThan(clock.getTime());
    expect(silent.connections()).toBeGreaterThanOrEqual(2);
  });

  it('a complaint is answered at once; its emails are queued once the mail server timed out', async () => {
    const started = performance.now();
    const res = await asVisitor(t.app).call(reportsApi.complaint, {
      name: 'Jana',
      email: 'jana@example.com',
      topic: 'billing',
      message: 'Charged twice on Monday.',
    });
    expect(res.status).toBe(201);
    expect(performance.now() - started).toBeLessThan(1000);
    const queued = () =>
      t.services.database.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, 'send_mail'), sql`${jobs.payload}->>'kind' like 'complaint%'`));
    await vi.waitFor(async () => expect(await queued()).toHaveLength(2), { timeout: 10_000, interval: 100 });
  });

  it('a refused connection is a temporary failure too', async () => {
    const url = await refusingSmtpUrl();
    const refused = await buildTestApp({ now, env: { SMTP_URL: url, SMTP_TIMEOUT_MS: '2000' } });
    try {
      const { userId } = await signUp(refused);
      await refused.services.settleJobs();
      const [job] = await mailJobs(refused, userId);
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(job.failedAt).toBeNull();
      expect(job.payload).toMatchObject({ kind: 'activation', to: expect.stringContaining('@') });
    } finally {
      await refused.close();
    }
  });
});

describe('a mail server that answers 451 or 550', () => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({
      now,
      env: {
        SMTP_URL: smtp.url,
        SMTP_TIMEOUT_MS: '2000',
        SMTP_HELO_NAME: 'mail.amora.example',
        MAIL_BOUNCE_ADDRESS: 'bounces@amora.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('a 550 is tried three times, then the job is failed for good with the reason and no link', async () => {
    smtp.refuseWith = 550;
    const { userId } = await signUp(t);
    await t.services.settleJobs();
    for (let i = 0; i < 5; i++) {
      later(60 * 60_000);
      await t.services.runJobs();
    }
    const [job] = await mailJobs(t, userId);
    expect(job.attempts).toBe(3);
    expect(job.failedAt).not.toBeNull();
    expect(job.doneAt).toBeNull();
    expect(job.lastError).toContain('550');
    expect(job.payload).toEqual({ kind: 'activation', toDomain: 'example.com' });
    // A failed job never runs again, even once the server accepts mail.
    smtp.refuseWith = null;
    later(60 * 60_000);
    await t.services.runJobs();
    expect((await mailJobs(t, userId))[0].attempts).toBe(3);
    expect(smtp.received).toEqual([]);
  });

  it('a 451 is retried with backoff and delivered exactly once, with our EHLO name, bounce address and headers', async () => {
    smtp.refuseWith = 451;
    smtp.received.length = 0;
    smtp.envelopes.length = 0;
    const { form, userId } = await signUp(t);
    await t.services.settleJobs();
    expect((await mailJobs(t, userId))[0].lastError).toContain('451');
    // Not due yet: the poller leaves it alone.
    expect(await t.services.runJobs()).toBe(0);
    smtp.refuseWith = null;
    later(5 * 60_000);
    expect(await t.services.runJobs()).toBe(1);
    later(60 * 60_000);
    expect(await t.services.runJobs()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    const [job] = await mailJobs(t, userId);
    expect(job.doneAt).not.toBeNull();
    expect(job.payload).toEqual({ kind: 'activation', toDomain: 'example.com' });
    expect(smtp.envelopes[0]).toEqual({
      heloName: 'mail.amora.example',
      mailFrom: 'bounces@amora.example',
      rcptTo: [form.email],
    });
    const mail = await PostalMime.parse(smtp.received[0]);
    const header = (name: string) => mail.headers.find((h) => h.key === name)?.value;
    expect(header('auto-submitted')).toBe('auto-generated');
    expect(header('content-language')).toBe('en');
  });

  it('a temporary failure is given up after 48 hours, and the job shows it', async () => {
    smtp.refuseWith = 451;
    const { userId } = await signUp(t);
    await t.services.settleJobs();
    for (let hour = 0; hour < 50; hour++) {
      later(60 * 60_000);
      await t.services.runJobs();
    }
    const [job] = await mailJobs(t, userId);
    expect(job.failedAt).not.toBeNull();
    expect(job.failedAt!.getTime() - job.createdAt.getTime()).toBeGreaterThanOrEqual(48 * 3_600_000);
    expect(job.failedAt!.getTime() - job.createdAt.getTime()).toBeLessThan(50 * 3_600_000);
    expect(job.lastError).toContain('451');
    smtp.refuseWith = null;
  });

  it('reset emails that were never delivered do not count toward the daily limit; delivered ones do', async () => {
    smtp.refuseWith = 550;
    const { form, userId } = await signUp(t);
    const email = form.email as string;
    for (let i = 0; i < 3; i++) {
      const res = await requestReset(t, email);
      expect(res.status).toBe(204);
    }
    await t.services.settleJobs();
    // Three refused deliveries: a fourth request is still answered, not refused as too many.
    smtp.refuseWith = null;
    smtp.received.length = 0;
    expect((await requestReset(t, email)).status).toBe(204);
    expect((await requestReset(t, email)).status).toBe(204);
    expect((await requestReset(t, email)).status).toBe(204);
    await t.services.settleJobs();
    expect(smtp.received).toHaveLength(3);
    // Three delivered: the limit holds (the request is answered like any other and nothing is sent: no membership leak).
    expect((await requestReset(t, email)).status).toBe(204);
    await t.services.settleJobs();
    expect(smtp.received).toHaveLength(3);
    const failing = await t.services.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.userId, userId), isNotNull(jobs.lastError)));
    expect(failing.length).toBeGreaterThanOrEqual(3);
  });
});
