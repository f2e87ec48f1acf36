import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../db/schema/index.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { signupForm } from '../test/factories.ts';
import { asVisitor } from '../test/member-client.ts';
import { startTestSmtp, type TTestSmtp } from '../test/smtp-server.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// A queued email waited for its next backoff slot (up to an hour) after the mail relay came back. Once a
// delivery succeeds again, or a probe of the relay does, the waiting mail is due at once.

let clock = new Date('2026-11-28T10:00:00Z');
const now = () => clock;

/** Signs a member up (its activation email is a send_mail job); returns the member's id. */
async function signUp(t: TTestApp): Promise<number> {
  const form = signupForm();
  const res = await asVisitor(t.app).call(accountsApi.signup, form);
  expect(res.status).toBe(200);
  const [user] = await t.services.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, String(form.email)));
  return user.id;
}

/** The activation jobs of these members. */
function activationJobs(t: TTestApp, userIds: number[]) {
  return t.services.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'send_mail'), inArray(jobs.userId, userIds)))
    .orderBy(jobs.id);
}

describe('mail waiting on a relay outage', () => {
  let smtp: TTestSmtp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(smtp.url).port) });
    t = await buildTestApp({
      now,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${proxy.port}?ignoreTLS=true`,
        SMTP_TIMEOUT_MS: '2000',
        SMTP_HELO_NAME: 'mail.amora.example',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
    await smtp.close();
  });

  /** Two activation emails that failed while the relay was down, waiting for their backoff. */
  async function failedDuringOutage(): Promise<number[]> {
    await proxy.cut();
    const userIds = [await signUp(t), await signUp(t)];
    await t.services.settleJobs();
    // A second failed attempt each: the wait grows (2 min, then 4 min).
    clock = new Date(clock.getTime() + 3 * 60_000);
    await t.services.runJobs();
    const waiting = await activationJobs(t, userIds);
    expect(waiting).toHaveLength(2);
    for (const job of waiting) {
      expect(job.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(job.doneAt).toBeNull();
      expect(job.runAt.getTime()).toBeGreaterThan(clock.getTime() + 60_000);
    }
    await proxy.restore();
    return userIds;
  }

  it('a probe of the relay that succeeds makes the waiting emails due now; they go out without their backoff', async () => {
    const userIds = await failedDuringOutage();
    const before = smtp.received.length;
    expect(await t.services.mailer.probeRelay()).toBe(true);
    const due = await activationJobs(t, userIds);
    for (const job of due) expect(job.runAt.getTime()).toBeLessThanOrEqual(clock.getTime());
    await t.services.runJobs();
    const sent = await activationJobs(t, userIds);
    expect(sent.every((job) => job.doneAt !== null)).toBe(true);
    expect(smtp.received.length - before).toBe(2);
  });

  it('an email that goes out after the outage brings the waiting ones forward too', async () => {
    const userIds = await failedDuringOutage();
    const before = smtp.received.length;
    // A new signup's email is delivered at once (the relay answers again).
    const next = await signUp(t);
    await t.services.settleJobs();
    const [delivered] = await activationJobs(t, [next]);
    expect(delivered.doneAt).not.toBeNull();
    const due = await activationJobs(t, userIds);
    for (const job of due) expect(job.runAt.getTime()).toBeLessThanOrEqual(clock.getTime());
    await t.services.runJobs();
    expect((await activationJobs(t, userIds)).every((job) => job.doneAt !== null)).toBe(true);
    expect(smtp.received.length - before).toBe(3);
  });
});
