import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likesApi } from '#common/wire/likes.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { emailFeedback, jobs, notificationSends, users } from '#server/db/schema/index.ts';
import { activeMember, type TTestMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { startTestSmtp, type TTestSmtp } from '#server/test/smtp-server.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { notifyEmailJob } from '../notifier/events.ts';

// A notification email the receiving server refuses for good (550 at RCPT TO) is a hard bounce: its send
// ends failed at once (not three tries), the address is suppressed like the mail webhook's hard bounce does, and the
// next notification is not tried by email.

let smtp: TTestSmtp;
let t: TTestApp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, NOTIFICATION_EMAIL_DELAY_S: '0' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.services.database.db;

async function member(gender: 'female' | 'male') {
  const m = await activeMember(t, { gender, looking_for: gender === 'female' ? 'male' : 'female' });
  await db().update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, m.user.id));
  return m;
}

const like = async (from: TTestMember, to: TTestMember) => {
  const res = await asMember(t.app, from.cookie).call(likesApi.like, { profile_id: to.user.profile.id });
  expect(res.status, JSON.stringify(res.error)).toBe(200);
};

async function drain() {
  await t.services.settleJobs();
  while ((await t.services.runJobs()) > 0) await t.services.settleJobs();
  await t.services.settleJobs();
}

const emailSendsOf = (m: TTestMember) =>
  db()
    .select()
    .from(notificationSends)
    .where(and(eq(notificationSends.userId, m.user.id), eq(notificationSends.channel, 'email')))
    .orderBy(notificationSends.id);
const receivedBy = (m: TTestMember) =>
  smtp.envelopes.filter((envelope) => envelope.rcptTo.includes(m.form.email.toLowerCase()));

describe('a notification email refused with 550', () => {
  it('fails its send at once and suppresses the address like a hard bounce; the next one is not tried by email', async () => {
    const anna = await member('female');
    const ben = await member('male');
    const carl = await member('male');
    await drain();
    // Their activation emails went through before the server started refusing.
    const annaBefore = receivedBy(anna).length;
    const benBefore = receivedBy(ben).length;
    smtp.refuseWith = 550;
    await like(ben, anna);
    await drain();
    smtp.refuseWith = null;

    const [send] = await emailSendsOf(anna);
    expect(send).toMatchObject({ kind: 'like', status: 'failed' });
    expect(send.reason).toContain('550');
    // One attempt, not three: the job ended with the send.
    const emailJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, notifyEmailJob.kind), eq(jobs.userId, anna.user.id)));
    expect(emailJobs).toHaveLength(1);
    expect(emailJobs[0].attempts).toBe(1);
    const [account] = await db().select().from(users).where(eq(users.id, anna.user.id));
    expect(account.notificationsDisabled).toEqual(['bounce']);
    const feedback = await db().select().from(emailFeedback).where(eq(emailFeedback.userId, anna.user.id));
    expect(feedback.map((f) => f.type)).toEqual(['hard_bounce']);
    const settings = await asMember(t.app, anna.cookie).call(notificationsApi.settings);
    expect(settings.body.notifications_disabled).toEqual(['bounce']);

    // The server would take mail now; the next like is not tried by email at all.
    await like(carl, anna);
    await drain();
    expect(await emailSendsOf(anna)).toHaveLength(1);
    expect(receivedBy(anna)).toHaveLength(annaBefore);
    // Push and the site still tell her; other members' email is untouched.
    await like(anna, ben);
    await drain();
    expect((await emailSendsOf(ben)).map((s) => s.status)).toEqual(['sent']);
    expect(receivedBy(ben)).toHaveLength(benBefore + 1);
  });
  it('a message refused after DATA (554) fails its send at once without suppressing the address', async () => {
    const dora = await member('female');
    const emil = await member('male');
    const fritz = await member('male');
    await drain();
    const before = receivedBy(dora).length;
    smtp.refuseDataWith = 554;
    await like(emil, dora);
    await drain();
    smtp.refuseDataWith = null;
    const [send] = await emailSendsOf(dora);
    expect(send).toMatchObject({ kind: 'like', status: 'failed', reason: 'smtp_554' });
    const emailJobs = await db()
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, notifyEmailJob.kind), eq(jobs.userId, dora.user.id)));
    expect(emailJobs.map((j) => j.attempts)).toEqual([1]);
    const [account] = await db().select().from(users).where(eq(users.id, dora.user.id));
    expect(account.notificationsDisabled).toEqual([]);
    // The address works: the next notification goes by email.
    await like(fritz, dora);
    await drain();
    expect((await emailSendsOf(dora)).map((s) => s.status)).toEqual(['failed', 'sent']);
    expect(receivedBy(dora)).toHaveLength(before + 1);
  });
});
