import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { TEndpointInput } from '#common/endpoint.ts';
import { PUSH_DELIVERY } from '#common/notifications.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { notificationsApi } from '#common/wire/notifications.ts';
import { pushSubscriptions } from '#server/db/schema/index.ts';
import { PermanentJobError } from '#server/jobs/jobs.ts';
import { ensureVapidKeys } from '#server/modules/sites/settings.service.ts';
import { activeMember, CLIENT, type TTestMember } from '#server/test/factories.ts';
import { asMember, type TCallExtras } from '#server/test/member-client.ts';
import { startTestPushService, type TTestPushService } from '#server/test/push-service.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import type { TActor, TNotificationContent, TNotificationDelivery } from '../notifier/content.ts';
import { renderPushPayload } from './push-content.ts';
import { PushRetryError, pushSubject, pushTopic } from './push.service.ts';

let t: TTestApp;
let fake: TTestPushService;
beforeAll(async () => {
  fake = await startTestPushService();
  t = await buildTestApp({ pushCa: fake.ca, env: { PUSH_ALLOW_LOOPBACK: 'true' } });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A catalogue string as written in locales/<lng>.json (what the member reads), with its placeholders filled. */
function catalogue(lng: string, key: string, vars: Record<string, string | number> = {}): string {
  const text = key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown>)[part],
      JSON.parse(readFileSync(`locales/${lng}.json`, 'utf8')),
    );
  return (text as string).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));
}

/** Subscribes a browser for a member (null: a visitor). */
const subscribe = (
  member: TTestMember | null,
  body: TEndpointInput<typeof notificationsApi.subscribePush>,
  extras?: TCallExtras,
) => asMember(t.app, member?.cookie).call(notificationsApi.subscribePush, body, extras);
/** Forgets a browser's subscription as a member (null: a visitor). */
const unsubscribe = (member: TTestMember | null, endpoint: string) =>
  asMember(t.app, member?.cookie).call(notificationsApi.unsubscribePush, { endpoint });

const rowsOf = (userId: number) =>
  t.services.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

const anna: TActor = {
  profileId: 1,
  name: 'Anna',
  age: 31,
  city: 'Berlin',
  photoUrl: 'https://cdn.example/thumb.jpg',
  fictional: false,
};
const site = {
  id: 1,
  name: 'Amora',
  domain: 'amora.example',
  mailName: 'Amora',
  supportEmail: 'support@amora.example',
};
const delivery = (content: TNotificationContent, locale: string, badge = 3): TNotificationDelivery => ({
  content,
  locale,
  site,
  fictionalWarning: '',
  badge,
});

describe('POST/DELETE /api/user.php?push=1', () => {
  it('stores a subscription for the logged-in member; several devices; DELETE forgets it', async () => {
    const m = await activeMember(t);
    const phone = fake.subscription();
    const laptop = fake.subscription();
    for (const sub of [phone, laptop]) {
      const res = await subscribe(
        m,
        { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys },
        { headers: { 'user-agent': 'TestBrowser/1.0' } },
      );
      expect(res.status, JSON.stringify(res.error)).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    // Subscribing again (same browser) keeps one row.
    expect((await subscribe(m, { endpoint: phone.endpoint, keys: phone.keys })).status).toBe(200);
    expect(await t.services.push.devices(m.user.id)).toBe(2);
    const rows = await rowsOf(m.user.id);
    expect(rows.map((r) => r.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    expect(rows.find((r) => r.endpoint === laptop.endpoint)).toMatchObject({
      p256dh: laptop.keys.p256dh,
      auth: laptop.keys.auth,
      userAgent: 'TestBrowser/1.0',
    });
    const del = await unsubscribe(m, phone.endpoint);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ ok: true });
    expect((await rowsOf(m.user.id)).map((r) => r.endpoint)).toEqual([laptop.endpoint]);
  });

  it('needs a login and our origin', async () => {
    const sub = fake.subscription();
    const body = { endpoint: sub.endpoint, keys: sub.keys };
    const anonymous = await subscribe(null, body);
    expect(anonymous.status).toBe(403);
    expect(anonymous.error?.error).toBe('authentication_required');
    expect((await unsubscribe(null, sub.endpoint)).error?.error).toBe('authentication_required');
    const m = await activeMember(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/user.php?push=1',
      headers: { host: 'localhost', origin: 'https://evil.example' },
      cookies: m.cookie,
      payload: body,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error).toBe('origin_rejected');
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it('refuses an http endpoint, missing or malformed keys with a localized 400', async () => {
    const m = await activeMember(t);
    const sub = fake.subscription();
    const notOnCurve = `B${'A'.repeat(86)}`;
    for (const payload of [
      { endpoint: sub.endpoint.replace('https:', 'http:'), keys: sub.keys },
      { endpoint: 'javascript:alert(1)', keys: sub.keys },
      { endpoint: sub.endpoint },
      { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh } },
      { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } },
      { endpoint: sub.endpoint, keys: { p256dh: notOnCurve, auth: sub.keys.auth } },
      { endpoint: sub.endpoint, keys: { p256dh: sub.keys.p256dh, auth: 'AAAA' } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        headers: CLIENT,
        cookies: { ...m.cookie, i18n_redirected: 'de' },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'invalid_request',
        message: catalogue('de', 'errors.invalid_request'),
      });
    }
    expect(await rowsOf(m.user.id)).toEqual([]);
  });

  it('leaves login and account deletion on /api/user.php as they were', async () => {
    const m = await activeMember(t);
    const login = await asMember(t.app).call(accountsApi.login, { email: m.form.email, password: m.form.password });
    expect(login.status, JSON.stringify(login.error)).toBe(200);
    expect(login.body.user?.id).toBe(m.user.id);
    // A push body without ?push=1 is a malformed login, not a subscription (raw: no endpoint takes that body there).
    const sub = fake.subscription();
    const wrongDoor = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: CLIENT,
      cookies: m.cookie,
      payload: { endpoint: sub.endpoint, keys: sub.keys },
    });
    expect(wrongDoor.statusCode).toBe(400);
    expect(await rowsOf(m.user.id)).toEqual([]);
    // DELETE without ?push=1 is still account deletion (its body needs the password).
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: '/api/user.php',
      headers: CLIENT,
      cookies: m.cookie,
      payload: { endpoint: sub.endpoint },
    });
    expect(deletion.statusCode).toBe(400);
    expect((await asMember(t.app, m.cookie).call(accountsApi.current)).status).toBe(200);
  });

  it('moves an endpoint re-subscribed by another member; nobody deletes another member’s subscription', async () => {
    const a = await activeMember(t);
    const b = await activeMember(t);
    const sub = fake.subscription();
    await subscribe(a, { endpoint: sub.endpoint, keys: sub.keys });
    // b names a's endpoint: answered like any unsubscribe, nothing deleted.
    const attempt = await unsubscribe(b, sub.endpoint);
    expect(attempt.status).toBe(200);
    expect(await rowsOf(a.user.id)).toHaveLength(1);
    // The same browser, now logged in as b, subscribes again: the row is b's.
    expect((await subscribe(b, { endpoint: sub.endpoint, keys: sub.keys })).status).toBe(200);
    expect(await rowsOf(a.user.id)).toEqual([]);
    expect((await rowsOf(b.user.id)).map((r) => r.endpoint)).toEqual([sub.endpoint]);
  });
});

describe('deliver through the local push service', () => {
  /** A member with one browser subscribed on the fake push service; its subscription id. */
  async function subscribed() {
    const m = await activeMember(t);
    const sub = fake.subscription();
    await subscribe(m, { endpoint: sub.endpoint, keys: sub.keys });
    const [row] = await rowsOf(m.user.id);
    return { m, sub, id: row.id };
  }

  it('sends a VAPID-signed, encrypted push the browser shows in the member’s language', async () => {
    const { id, sub, m } = await subscribed();
    const content: TNotificationContent = { kind: 'new_messages', actor: anna, conversationId: 12 };
    const before = fake.received.length;
    const outcome = await t.services.push.deliver(id, renderPushPayload(delivery(content, 'de')), {
      ...PUSH_DELIVERY.new_messages,
    });
    expect(outcome).toBe('sent');
    const got = fake.received.slice(before);
    expect(got).toHaveLength(1);
    const [push] = got;
    expect(push.path).toBe(new URL(sub.endpoint).pathname);
    expect(push.payload).toEqual({
      v: 2,
      kind: 'new_messages',
      title: catalogue('de', 'notifications.push.new_messages.title', { name: 'Anna' }),
      body: catalogue('de', 'notifications.push.new_messages.body', { site: 'Amora' }),
      url: '/chats/12',
      tag: 'chat-12',
      icon: '/favicon.svg',
      image: anna.photoUrl,
      badge: 3,
    });
    expect(push.payload.title).toBe('Neue Nachricht von Anna');
    expect(push.ttl).toBe(86_400);
    expect(push.urgency).toBe('high');
    expect(push.topic).toBe(pushTopic('chat-12'));
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(push.vapid.publicKey).toBe(t.services.vapid.publicKey);
    expect(push.vapid.sub).toBe(pushSubject(t.config.publicUrl));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(fake.rejected).toEqual([]);
    const [row] = await rowsOf(m.user.id);
    expect(row.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('renders a match in English with the match wording, and a like with the like wording', async () => {
    const { id } = await subscribed();
    const before = fake.received.length;
    for (const match of [true, false]) {
      const content: TNotificationContent = { kind: 'like', actor: anna, match };
      expect(await t.services.push.deliver(id, renderPushPayload(delivery(content, 'en', 0)), PUSH_DELIVERY.like)).toBe(
        'sent',
      );
    }
    const [matchPush, likePush] = fake.received.slice(before);
    expect(matchPush.payload).toMatchObject({
      title: "It's a match with Anna!",
      body: catalogue('en', 'notifications.push.like.match_body', { site: 'Amora' }),
      url: '/likes/match',
      tag: 'likes',
      badge: 0,
    });
    expect(likePush.payload).toMatchObject({ title: 'Anna likes you', url: '/likes', tag: 'likes' });
    expect(likePush.payload.body).toContain('Amora');
    expect(likePush.urgency).toBe('normal');
  });

  it('deletes the subscription on 410 and 404 and answers gone; an unknown id is gone', async () => {
    for (const status of [410, 404]) {
      const { id, m } = await subscribed();
      fake.respondWith(status);
      const payload = renderPushPayload(delivery({ kind: 'like', actor: anna, match: false }, 'en'));
      expect(await t.services.push.deliver(id, payload, PUSH_DELIVERY.like)).toBe('gone');
      expect(await rowsOf(m.user.id)).toEqual([]);
      expect(await t.services.push.deliver(id, payload, PUSH_DELIVERY.like)).toBe('gone');
    }
  });

  it('throws a retryable error on 429 (with Retry-After), 5xx and network errors; a permanent one on other 4xx', async () => {
    const { id, m } = await subscribed();
    const payload = renderPushPayload(delivery({ kind: 'news', title: 'News', body: 'Body', url: '/news' }, 'en'));
    fake.respondWith(429, 1, { 'retry-after': '120' });
    const limited = await t.services.push.deliver(id, payload, PUSH_DELIVERY.news).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(PushRetryError);
    expect(limited).not.toBeInstanceOf(PermanentJobError);
    expect((limited as PushRetryError).retryAfterMs).toBe(120_000);
    for (const status of [500, 503]) {
      fake.respondWith(status);
      const err = await t.services.push.deliver(id, payload, PUSH_DELIVERY.news).catch((e: unknown) => e);
      expect(err, String(status)).toBeInstanceOf(PushRetryError);
    }
    for (const status of [400, 403, 413]) {
      fake.respondWith(status);
      const err = await t.services.push.deliver(id, payload, PUSH_DELIVERY.news).catch((e: unknown) => e);
      expect(err, String(status)).toBeInstanceOf(PermanentJobError);
    }
    expect(await rowsOf(m.user.id)).toHaveLength(1);
    // Nothing listens on port 9 of this machine: a network error, retried later.
    const offline = await activeMember(t);
    const sub = fake.subscription();
    await subscribe(offline, { endpoint: 'https://127.0.0.1:9/push/x', keys: sub.keys });
    const [row] = await rowsOf(offline.user.id);
    const err = await t.services.push.deliver(row.id, payload, PUSH_DELIVERY.news).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PushRetryError);
  });
});

describe('the local push service', () => {
  it('refuses a push whose VAPID signature does not match its key, and one it cannot decrypt', async () => {
    const sub = fake.subscription();
    const other = webpush.generateVAPIDKeys();
    const mine = await ensureVapidKeys(t.services.database.db);
    const send = (keys: { p256dh: string; auth: string }, publicKey: string) =>
      webpush
        .sendNotification({ endpoint: sub.endpoint, keys }, '{}', {
          vapidDetails: { subject: 'mailto:test@example.com', publicKey, privateKey: mine.privateKey },
          agent: fake.agent,
        })
        .catch((e: { statusCode?: number }) => e.statusCode);
    const before = fake.rejected.length;
    expect(await send(sub.keys, other.publicKey)).toBe(400);
    expect(await send(fake.subscription().keys, mine.publicKey)).toBe(400);
    expect(fake.rejected.slice(before)).toEqual([
      expect.stringContaining('signature does not verify'),
      expect.stringContaining('Unsupported state or unable to authenticate data'),
    ]);
  });
});

describe('renderPushPayload', () => {
  it('counts with the plural forms of the locale and names reminders, digests and marketing as given', () => {
    const unread = (n: number, lng: string) =>
      renderPushPayload(
        delivery({ kind: 'unread_message_reminders', unread: n, actor: null, conversationId: null }, lng),
      );
    expect(unread(1, 'en').title).toBe('You have 1 unread message');
    expect(unread(4, 'en').title).toBe('You have 4 unread messages');
    expect(unread(3, 'pl').title).toBe(
      catalogue('pl', 'notifications.push.unread_message_reminders.title_few', { count: 3 }),
    );
    expect(unread(5, 'pl').title).toBe(
      catalogue('pl', 'notifications.push.unread_message_reminders.title_many', { count: 5 }),
    );
    expect(unread(2, 'en')).toMatchObject({ url: '/chats', tag: 'unread_message_reminders' });
    const weekly = renderPushPayload(delivery({ kind: 'weekly_updates', members: [anna, anna] }, 'fr'));
    expect(weekly).toMatchObject({
      title: catalogue('fr', 'notifications.push.weekly_updates.title_other', { count: 2 }),
    });
    expect(weekly).toMatchObject({ url: '/members', tag: 'weekly_updates', image: anna.photoUrl });
    const reminder = renderPushPayload(delivery({ kind: 'reminders', reminder: 'photo' }, 'nl'));
    expect(reminder).toMatchObject({
      title: catalogue('nl', 'notifications.push.reminders.photo.title'),
      url: '/profile',
    });
    expect(reminder.body).toContain('Amora');
    const promo = renderPushPayload(
      delivery({ kind: 'promotions', title: '50% off', body: 'Today only', url: '/credits' }, 'de'),
    );
    expect(promo).toMatchObject({ title: '50% off', body: 'Today only', url: '/credits', tag: 'promotions' });
    expect(promo.image).toBeUndefined();
  });
});

describe('GET /sw-push.js', () => {
  it('serves the version 2 worker for the whole site, revalidated on every update check (not as a static file)', async () => {
    // With the web app, as in production: the static files of build/client must not answer it first.
    const web = await buildTestApp({ web: true });
    try {
      const res = await web.app.inject({ url: '/sw-push.js' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(res.headers['service-worker-allowed']).toBe('/');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('const VERSION = 2;');
      expect(res.body).toBe(readFileSync('public/sw-push.js', 'utf8'));
      const again = await web.app.inject({
        url: '/sw-push.js',
        headers: { 'if-none-match': res.headers.etag as string },
      });
      expect(again.statusCode).toBe(304);
    } finally {
      await web.close();
    }
  });
});
