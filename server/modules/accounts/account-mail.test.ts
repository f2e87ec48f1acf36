import { and, eq, isNull } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { jobs, users } from '#server/db/schema/index.ts';
import { linkIn, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { startTestSmtp, type TTestSmtp } from '#server/test/smtp-server.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Every account email is queued in the transaction of the change that causes it: a mail server
// that refuses never fails the request, and the email goes out later from the durable job queue.

let smtp: TTestSmtp;
let t: TTestApp;
let clock = new Date('2026-11-22T10:00:00Z');

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ now: () => clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** Emails received so far, parsed. */
const inbox = () => Promise.all(smtp.received.map((raw) => PostalMime.parse(raw)));

describe('account emails through the durable queue', () => {
  it('signup, activation, reset, email change, deletion and reactivation succeed while the mail server refuses; the job loop delivers every email later', async () => {
    smtp.refuseWith = 451;
    smtp.received.length = 0;
    const form = signupForm();
    const visitor = asVisitor(t.app);
    const { email, password } = form;
    const signup = await visitor.call(accountsApi.signup, form);
    expect(signup.status).toBe(200);
    // Signup starts no session: the member logs in.
    const login = await visitor.call(accountsApi.login, { email, password });
    const member = asMember(t.app, { 'auth.session': login.cookies.find((c) => c.name === 'auth.session')!.value });
    const userId = login.body.user!.id;
    expect((await member.call(accountsApi.resendActivation)).status).toBe(204);
    expect((await visitor.call(accountChangesApi.requestPasswordReset, { email })).status).toBe(204);
    const newAddress = `changed-${Date.now()}@example.com`;
    expect((await member.call(accountChangesApi.requestMailChange, { email: newAddress, password })).status).toBe(204);
    expect((await member.call(accountChangesApi.deleteAccount, { password, reason: 'other' })).status).toBe(204);
    expect((await visitor.call(accountChangesApi.requestReactivation, { email })).status).toBe(204);
    // The job loop looks the addresses of the reset and reactivation requests up.
    await t.services.runJobs();
    await t.services.settleJobs();
    expect(smtp.received).toEqual([]);
    const db = t.services.database.db;
    const pending = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'send_mail'), isNull(jobs.doneAt)));
    expect(pending.map((j) => (j.payload as { kind: string }).kind).sort()).toEqual([
      'activation',
      'activation',
      'mail_change',
      'reactivation',
      'reactivation',
      'reset',
    ]);
    expect(pending.every((j) => j.lastError !== null)).toBe(true);

    // The mail server is back; the job loop retries after its backoff.
    smtp.refuseWith = null;
    clock = new Date(clock.getTime() + 5 * 60_000);
    expect(await t.services.runJobs()).toBe(6);
    const mails = await inbox();
    expect(mails.map((m) => m.to?.[0].address).sort()).toEqual(
      [...Array<string>(5).fill(form.email as string), newAddress].sort(),
    );
    // The link in a late email works: its token was committed together with the email.
    const reactivation = mails.find((m) => m.text?.includes('/reactivate?token='))!;
    await t.services.accountChanges.reactivate(linkIn(reactivation.text!).searchParams.get('token')!);
    const [row] = await db.select().from(users).where(eq(users.id, userId));
    expect(row.status).toBe('not_confirmed');
  });

  it('sends at once when the mail server answers, and keeps no copy of the link in the jobs table', async () => {
    smtp.refuseWith = null;
    smtp.received.length = 0;
    const form = signupForm();
    expect((await asVisitor(t.app).call(accountsApi.signup, form)).status).toBe(200);
    // The request waits for its email a moment at most; the rest of the run goes on in the background.
    await t.services.settleJobs();
    const [mail] = await inbox();
    expect(mail.to?.[0].address).toBe(form.email);
    const token = linkIn(mail.text!).searchParams.get('token')!;
    const rows = await t.services.database.db.select().from(jobs).where(eq(jobs.kind, 'send_mail'));
    const delivered = rows.filter((j) => j.doneAt !== null);
    expect(delivered.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
