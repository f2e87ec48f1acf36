import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MESSAGE_EMAIL_DELAY_MS,
  NOTIFICATION_EMAILS_PER_DAY,
  REMINDER_EVERY_DAYS,
  REMINDERS_MAX_UNANSWERED,
  UNREAD_REMINDER_AFTER_MS,
} from '#common/notifications.ts';
import { chatApi } from '#common/wire/chat.ts';
import type { TSettableConsentKind } from '#common/consents.ts';
import { consentsApi } from '#common/wire/consents.ts';
import { likesApi } from '#common/wire/likes.ts';
import { notificationsApi, type TSetNotification } from '#common/wire/notifications.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { consents, jobs, notificationSends, profiles, users } from '#server/db/schema/index.ts';
import { claimDueJob } from '#server/jobs/jobs.repository.ts';
import { activeMember, buildMember, type TTestMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { startTestPushService, type TTestPushService } from '#server/test/push-service.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { notifyEmailJob, notifyEventJob } from './events.ts';
import { notifySweepJob, notifyWeeklyJob, queueBroadcast } from './notify-sweep.job.ts';
import { signUnsubscribeToken } from '../email/unsubscribe-token.ts';

let t: TTestApp;
let push: TTestPushService;
let clock = new Date('2026-11-27T10:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  push = await startTestPushService();
  t = await buildTestApp({ now: () => clock, pushCa: push.ca, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});
beforeEach(() => {
  push.received.length = 0;
});

const db = () => t.services.database.db;
/** The typed API client as this member. */
const as = (m: TTestMember) => asMember(t.app, m.cookie);

/** A confirmed, visible member with credits and one push subscription (a browser) at the local push service. */
async function member(gender: 'female' | 'male', options: { push?: boolean } = {}) {
  const m = await activeMember(t, { gender, looking_for: gender === 'female' ? 'male' : 'female' }, { credits: 500 });
  await db().update(users).set({ emailConfirmed: true, status: 'active' }).where(eq(users.id, m.user.id));
  if (options.push !== false) {
    const sub = push.subscription(`m${m.user.id}`);
    const res = await as(m).call(notificationsApi.subscribePush, { endpoint: sub.endpoint, keys: sub.keys });
    expect(res.status).toBe(200);
  }
  return m;
}

const send = async (from: TTestMember, to: TTestMember, text = 'Hello there') => {
  const res = await as(from).call(chatApi.send, { profile_id: to.user.profile.id, text });
  expect(res.status).toBe(200);
  return res.body.message;
};
const like = (from: TTestMember, to: TTestMember) => as(from).call(likesApi.like, { profile_id: to.user.profile.id });

/** Runs everything due (the poller), after the background runs of the request settled. */
async function drain() {
  await t.services.settleJobs();
  while ((await t.services.runJobs()) > 0) await t.services.settleJobs();
  await t.services.settleJobs();
}

const sendsOf = (m: TTestMember) =>
  db().select().from(notificationSends).where(eq(notificationSends.userId, m.user.id)).orderBy(notificationSends.id);
const mails = async (m: TTestMember) =>
  (await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(m.form.email)}` })).json() as {
    kind: string;
    subject: string;
    text: string;
  }[];
const notificationMails = async (m: TTestMember) => (await mails(m)).filter((x) => x.kind.startsWith('notify_'));

describe('notifications of messages', () => {
  it('pushes at once, emails after 10 minutes if still unread, once per conversation per 6 hours', async () => {
    const anna = await member('female');
    const ben = await member('male');
    const first = await send(anna, ben);
    await drain();
    // The push arrived, localized, linking to the conversation.
    expect(push.received.map((p) => p.path)).toEqual([`/push/m${ben.user.id}`]);
    expect(push.received[0].payload).toMatchObject({
      kind: 'new_conversations',
      url: `/chats/${first.conversation_id}`,
    });
    expect(push.received[0].payload.title).toContain(anna.form.name);
    // One idempotency row per channel: push sent, email queued for later.
    expect((await sendsOf(ben)).map((s) => [s.channel, s.kind, s.status])).toEqual([
      ['push', 'new_conversations', 'sent'],
      ['email', 'new_conversations', 'queued'],
    ]);
    expect(await notificationMails(ben)).toEqual([]);
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    const [mail] = await notificationMails(ben);
    expect(mail.kind).toBe('notify_new_conversations');
    expect(mail.text).toContain(anna.form.name);
    expect(mail.text).not.toContain('Hello there'); // never the message text
    // A second message in the same conversation: pushed, but no second email within 6 hours.
    await send(anna, ben, 'Second');
    await drain();
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect(push.received).toHaveLength(2);
    expect(await notificationMails(ben)).toHaveLength(1);
    expect((await sendsOf(ben)).at(-1)).toMatchObject({ channel: 'email', kind: 'new_messages', status: 'skipped' });
    expect((await sendsOf(ben)).at(-1)?.reason).toBe('conversation_cap');
  });

  it('sends no email for a message read within 10 minutes, and nothing to a member who has it on screen', async () => {
    const anna = await member('female');
    const ben = await member('male');
    // Ben has the conversation open (a socket said so): no push.
    const opener = await send(anna, ben, 'First');
    await drain();
    push.received.length = 0;
    await t.services.realtime.setViewing(ben.user.profile.id, {
      socketId: 'socket-1',
      conversationId: opener.conversation_id,
      ttlMs: 60_000,
    });
    await send(anna, ben, 'While you look');
    await drain();
    expect(push.received).toEqual([]);
    expect((await sendsOf(ben)).find((s) => s.channel === 'push' && s.kind === 'new_messages')).toMatchObject({
      status: 'skipped',
      reason: 'on_screen',
    });
    await t.services.realtime.setViewing(ben.user.profile.id, { socketId: 'socket-1', conversationId: null, ttlMs: 0 });
    // Reading it (the conversation's newest page) before the email is due: no email.
    await as(ben).call(chatApi.page, { conversation_id: opener.conversation_id });
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect(await notificationMails(ben)).toEqual([]);
    expect((await sendsOf(ben)).filter((s) => s.channel === 'email').map((s) => s.reason)).toEqual(['read', 'read']);
  });

  it('never notifies across a block, nor an invisible or deleted member, nor when switched off', async () => {
    const anna = await member('female');
    const ben = await member('male');
    await send(anna, ben);
    await as(ben).call(profilesApi.block, { profile_id: anna.user.profile.id });
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    // The push may have gone out before the block; the email did not.
    expect(await notificationMails(ben)).toEqual([]);

    const cleo = await member('female');
    const dan = await member('male');
    await db().update(users).set({ invisible: true }).where(eq(users.id, dan.user.id));
    await send(cleo, dan);
    await drain();
    expect(await sendsOf(dan)).toEqual([]);

    const eve = await member('female');
    const finn = await member('male');
    for (const channel of ['email', 'push'] as const) {
      const res = await as(finn).call(notificationsApi.set, { kind: 'new_conversations', channel, enabled: false });
      expect(res.status).toBe(200);
    }
    await send(eve, finn);
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect(await sendsOf(finn)).toEqual([]);
    expect(push.received.filter((p) => p.path === `/push/m${finn.user.id}`)).toEqual([]);
  });

  it('a killed worker’s email job is retried after its lease and sent once', async () => {
    const anna = await member('female', { push: false });
    const ben = await member('male', { push: false });
    await send(anna, ben);
    await drain();
    advance(MESSAGE_EMAIL_DELAY_MS);
    // A worker claims the email job, then dies before sending (its lease holds it for 10 minutes).
    const claimed = await claimDueJob(db(), { now: clock, leaseUntil: new Date(clock.getTime() + 10 * 60_000) });
    expect(claimed?.kind).toBe(notifyEmailJob.kind);
    await drain();
    expect(await notificationMails(ben)).toEqual([]);
    advance(10 * 60_000 + 1);
    await drain();
    await drain();
    expect(await notificationMails(ben)).toHaveLength(1);
    const [job] = await db().select().from(jobs).where(eq(jobs.id, claimed!.id));
    expect(job.attempts).toBe(2);
    expect(job.doneAt).not.toBeNull();
  });

  it('an event queued twice notifies once per channel', async () => {
    const anna = await member('female', { push: false });
    const ben = await member('male');
    const message = await send(anna, ben);
    // The same event again (a retried fan-out after a crash).
    await db()
      .insert(jobs)
      .values({ kind: notifyEventJob.kind, payload: { type: 'message', messageId: message.id }, runAt: clock });
    await drain();
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect((await sendsOf(ben)).map((s) => s.channel).sort()).toEqual(['email', 'push']);
    expect(push.received.filter((p) => p.path === `/push/m${ben.user.id}`)).toHaveLength(1);
    expect(await notificationMails(ben)).toHaveLength(1);
  });
});

describe('notifications of likes', () => {
  it('a like and a match notify the liked member once each; a like taken back and given again does not', async () => {
    const anna = await member('female');
    const ben = await member('male');
    expect((await like(anna, ben)).status).toBe(200);
    await drain();
    expect(push.received.find((p) => p.path === `/push/m${ben.user.id}`)?.payload).toMatchObject({
      kind: 'like',
      url: '/likes',
    });
    await as(anna).call(likesApi.unlike, { profile_id: ben.user.profile.id });
    await like(anna, ben);
    await like(ben, anna); // a match: Anna hears of it
    await drain();
    expect(push.received.filter((p) => p.path === `/push/m${ben.user.id}`)).toHaveLength(1);
    const toAnna = push.received.filter((p) => p.path === `/push/m${anna.user.id}`);
    expect(toAnna.map((p) => p.payload.url)).toEqual(['/likes/match']);
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect((await notificationMails(ben)).map((m) => m.kind)).toEqual(['notify_like']);
    expect((await notificationMails(anna)).map((m) => m.kind)).toEqual(['notify_like']);
  });

  it('fictional profiles’ likes follow the same rules and their emails carry the fictional warning', async () => {
    const fiona = await member('female', { push: false });
    await db().update(profiles).set({ isFictional: true }).where(eq(profiles.id, fiona.user.profile.id));
    const ben = await member('male', { push: false });
    await like(fiona, ben);
    await drain();
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    const [mail] = await notificationMails(ben);
    expect(await sendsOf(ben)).toMatchObject([{ channel: 'email', status: 'sent' }]);
    const site = await t.services.sites.resolve('localhost');
    const warning = t.services.siteSettings.siteText(site, 'fictionalWarning', 'en');
    expect(mail.text).toContain(warning.slice(0, 40));
  });

  it('caps notification emails per member and day', async () => {
    const ben = await member('male', { push: false });
    for (let i = 0; i < NOTIFICATION_EMAILS_PER_DAY + 2; i++) {
      const liker = await member('female', { push: false });
      await like(liker, ben);
    }
    await drain();
    advance(MESSAGE_EMAIL_DELAY_MS);
    await drain();
    expect(await notificationMails(ben)).toHaveLength(NOTIFICATION_EMAILS_PER_DAY);
    const skipped = await db()
      .select()
      .from(notificationSends)
      .where(and(eq(notificationSends.userId, ben.user.id), eq(notificationSends.reason, 'daily_cap')));
    expect(skipped).toHaveLength(2);
  });
});

describe('reminders, unread reminders and the weekly digest', () => {
  // One run now, whatever runs earlier tests (with their own clocks) scheduled.
  const runPeriodic = async (kind: string) => {
    await db().insert(jobs).values({ kind, payload: {}, runAt: clock });
    await drain();
  };

  it('reminds once of a message unread for 24 hours', async () => {
    clock = new Date();
    const anna = await member('female', { push: false });
    const ben = await member('male', { push: false });
    await send(anna, ben, 'Are you there?');
    await drain();
    advance(UNREAD_REMINDER_AFTER_MS + 60_000);
    await runPeriodic(notifySweepJob.kind);
    // (A day after signing up, Ben also gets a reminder to add a photo.)
    const unread = async () =>
      (await notificationMails(ben)).filter((x) => x.kind === 'notify_unread_message_reminders');
    expect(await unread()).toHaveLength(1);
    expect((await unread())[0].text).not.toContain('Are you there?');
    advance(3_600_000);
    await runPeriodic(notifySweepJob.kind);
    expect(await unread()).toHaveLength(1);
  });

  it('sends an unconfirmed member at most 3 activation reminders, spaced, with a working link', async () => {
    clock = new Date();
    const m = await buildMember(t);
    await db()
      .update(users)
      .set({ signupDate: new Date(clock.getTime() - 2 * 86_400_000) })
      .where(eq(users.id, m.user.id));
    const reminders = async () => (await notificationMails(m)).filter((x) => x.kind === 'notify_reminders');
    await runPeriodic(notifySweepJob.kind);
    expect(await reminders()).toHaveLength(1);
    expect((await reminders())[0].text).toMatch(/\/activate\?token=/);
    advance(86_400_000);
    await runPeriodic(notifySweepJob.kind);
    expect(await reminders()).toHaveLength(1); // spaced REMINDER_EVERY_DAYS apart
    for (let i = 0; i < 4; i++) {
      advance(REMINDER_EVERY_DAYS * 86_400_000);
      await runPeriodic(notifySweepJob.kind);
    }
    expect(await reminders()).toHaveLength(REMINDERS_MAX_UNANSWERED);
  });

  it('sends a weekly digest of new members who fit, once a week', async () => {
    clock = new Date();
    const ben = await member('male', { push: false });
    const newcomer = await member('female', { push: false });
    await runPeriodic(notifyWeeklyJob.kind);
    const digests = async () => (await notificationMails(ben)).filter((x) => x.kind === 'notify_weekly_updates');
    expect(await digests()).toHaveLength(1);
    expect((await digests())[0].text).toContain(newcomer.form.name);
    await runPeriodic(notifyWeeklyJob.kind);
    expect(await digests()).toHaveLength(1);
  });
});

describe('promotions and news', () => {
  it('go only to members who opted in, in their language, once however often the broadcast runs', async () => {
    clock = new Date();
    const optedIn = await member('female', { push: false });
    const silent = await member('female', { push: false });
    const res = await as(optedIn).call(notificationsApi.set, { kind: 'news', channel: 'email', enabled: true });
    expect(res.body.kinds.find((k) => k.kind === 'news')).toEqual({
      kind: 'news',
      email: true,
      push: false,
    });
    const site = await t.services.sites.resolve('localhost');
    const item = {
      broadcast: 'b-1',
      siteId: site.id,
      kind: 'news' as const,
      messages: { en: { title: 'Our new swipe game', body: 'Try it today.', url: 'https://localhost/swipe-game' } },
    };
    await queueBroadcast(db(), item, clock);
    await queueBroadcast(db(), item, clock);
    await drain();
    const news = (await notificationMails(optedIn)).filter((m) => m.kind === 'notify_news');
    expect(news).toHaveLength(1);
    expect(news[0].subject).toContain('Our new swipe game');
    expect((await notificationMails(silent)).filter((m) => m.kind === 'notify_news')).toEqual([]);
  });
});

describe('marketing switches and consents are one', () => {
  const consent = (m: TTestMember, kind: TSettableConsentKind, given: boolean) =>
    as(m).call(consentsApi.change, { kind, given });
  const consentsOf = async (m: TTestMember) => (await as(m).call(consentsApi.state)).body;
  const setSwitch = (m: TTestMember, input: TSetNotification) => as(m).call(notificationsApi.set, input);
  const switchesOf = async (m: TTestMember, kind: string) =>
    (await as(m).call(notificationsApi.settings)).body.kinds.find((k) => k.kind === kind);
  const consentRows = (m: TTestMember, kind: string) =>
    db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.user.id), eq(consents.kind, kind)))
      .orderBy(consents.id);

  it('opting in in settings turns the kind on in /notifications and a broadcast reaches the member', async () => {
    clock = new Date();
    const m = await member('female', { push: false });
    for (const kind of ['promotions', 'news'] as const) {
      const given = await consent(m, kind, true);
      expect(given.status, JSON.stringify(given.error)).toBe(200);
      expect(given.body[kind].given).toBe(true);
      expect(await switchesOf(m, kind)).toEqual({ kind, email: true, push: true });
    }
    const site = await t.services.sites.resolve('localhost');
    await queueBroadcast(
      db(),
      {
        broadcast: 'b-settings',
        siteId: site.id,
        kind: 'promotions',
        messages: { en: { title: 'Half price this weekend', body: 'Only now.', url: 'https://localhost/premium' } },
      },
      clock,
    );
    await drain();
    const promotions = (await notificationMails(m)).filter((x) => x.kind === 'notify_promotions');
    expect(promotions).toHaveLength(1);
    expect(promotions[0].subject).toContain('Half price this weekend');
    // Withdrawn in settings: off on /notifications as well.
    await consent(m, 'news', false);
    expect(await switchesOf(m, 'news')).toEqual({ kind: 'news', email: false, push: false });
  });

  it('turning a kind off on /notifications withdraws the consent settings shows (a record appended)', async () => {
    const m = await member('female', { push: false });
    await consent(m, 'promotions', true);
    const off = (channel: 'email' | 'push') => setSwitch(m, { kind: 'promotions', channel, enabled: false });
    expect((await off('email')).status).toBe(200);
    // One channel left on: still consented.
    expect((await consentsOf(m)).promotions.given).toBe(true);
    expect(await switchesOf(m, 'promotions')).toEqual({ kind: 'promotions', email: false, push: true });
    await off('push');
    expect((await consentsOf(m)).promotions).toEqual({ given: false, given_at: null });
    const rows = await consentRows(m, 'promotions');
    expect(rows).toHaveLength(1);
    expect(rows[0].withdrawnAt).toBeInstanceOf(Date);
    // Given again in settings after both channels were turned off: on again, a new record.
    await consent(m, 'promotions', true);
    expect(await switchesOf(m, 'promotions')).toEqual({ kind: 'promotions', email: true, push: true });
    expect(await consentRows(m, 'promotions')).toHaveLength(2);
  });

  it('an unsubscribe link turns a marketing kind’s email off; off on both channels it withdraws, its undo gives again', async () => {
    const m = await member('female', { push: false });
    await consent(m, 'news', true);
    const token = signUnsubscribeToken(
      await t.services.mailer.listUnsubscribeKey(),
      { userId: m.user.id, scope: 'news' },
      new Date(),
    );
    const link = (payload: string, origin = 'https://mail.example.net') =>
      t.app.inject({
        method: 'POST',
        url: `/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin, host: 'localhost' },
        payload,
      });
    expect((await link('List-Unsubscribe=One-Click')).statusCode).toBe(200);
    expect(await switchesOf(m, 'news')).toEqual({ kind: 'news', email: false, push: true });
    expect((await consentsOf(m)).news.given).toBe(true);
    expect(await t.services.emailStatus.describeUnsubscribe(token)).toEqual({ scope: 'news', isOff: true });
    await setSwitch(m, { kind: 'news', channel: 'push', enabled: false });
    expect((await consentsOf(m)).news.given).toBe(false);
    // The undo button of the unsubscribe page: email on again, which gives the consent again (a new record).
    await link('action=undo', 'http://localhost');
    expect(await switchesOf(m, 'news')).toEqual({ kind: 'news', email: true, push: false });
    expect((await consentsOf(m)).news.given).toBe(true);
    expect(await consentRows(m, 'news')).toHaveLength(2);
    // A one-click unsubscribe with push already off: off on both, consent withdrawn.
    await link('List-Unsubscribe=One-Click');
    expect(await switchesOf(m, 'news')).toEqual({ kind: 'news', email: false, push: false });
    expect((await consentsOf(m)).news.given).toBe(false);
  });
});
