import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_LINK_DAYS } from '#common/notifications.ts';
import { emailFeedback, notificationPreferences, users } from '#server/db/schema/index.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { buildMember, type TTestMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { signUnsubscribeToken, type TUnsubscribeScope, verifyUnsubscribeToken } from './unsubscribe-token.ts';

// The one-click unsubscribe of a notification email (RFC 8058, no cookie, from the mail provider's servers),
// the page's buttons (form POSTs, redirect back), undo, and 'all' recorded as `listunsubscribe`.

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const tokenFor = async (userId: number, scope: TUnsubscribeScope, now = new Date()) =>
  signUnsubscribeToken(await t.services.mailer.listUnsubscribeKey(), { userId, scope }, now);

const switches = async (userId: number) =>
  t.services.database.db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));

const reasons = async (userId: number) => {
  const [row] = await t.services.database.db
    .select({ reasons: users.notificationsDisabled, latest: users.emailDisabledReason })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};

/** An RFC 8058 one-click POST as a mail provider sends it: form body, no cookie, another origin. */
const oneClick = (token: string, contentType = 'application/x-www-form-urlencoded') =>
  t.app.inject({
    method: 'POST',
    url: `/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': contentType, origin: 'https://mail.example.net', host: 'localhost' },
    payload:
      contentType === 'multipart/form-data; boundary=x'
        ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
        : 'List-Unsubscribe=One-Click',
  });

/** A button of the unsubscribe page (a plain form POST, no JavaScript). */
const pageButton = (token: string, action: string) =>
  t.app.inject({
    method: 'POST',
    url: `/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost', host: 'localhost' },
    payload: `action=${action}`,
  });

describe('unsubscribe tokens', () => {
  it('verify only when signed with the key, unaltered and unexpired', async () => {
    const key = await t.services.mailer.listUnsubscribeKey();
    const now = new Date();
    const token = signUnsubscribeToken(key, { userId: 5, scope: 'like' }, now);
    expect(verifyUnsubscribeToken(key, token, now)).toMatchObject({ userId: 5, scope: 'like' });
    const [payload, sig] = token.split('.');
    const forged = `${Buffer.from('6.like.9999999999').toString('base64url')}.${sig}`;
    expect(verifyUnsubscribeToken(key, forged, now)).toBeNull();
    expect(verifyUnsubscribeToken(Buffer.alloc(32, 1), token, now)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${payload}.${sig.slice(0, -2)}`, now)).toBeNull();
    const later = new Date(now.getTime() + (UNSUBSCRIBE_LINK_DAYS * 86_400 + 1) * 1000);
    expect(verifyUnsubscribeToken(key, token, later)).toBeNull();
    expect(verifyUnsubscribeToken(key, 'garbage', now)).toBeNull();
  });

  it('are signed with one key shared through the database', async () => {
    const again = (await import('./unsubscribe-token.ts')).loadUnsubscribeKey(t.services.database.db);
    expect((await again).equals(await t.services.mailer.listUnsubscribeKey())).toBe(true);
  });
});

describe('POST /unsubscribe', () => {
  let member: TTestMember;
  let userId: number;
  beforeAll(async () => {
    member = await buildMember(t);
    userId = member.user.id;
  });

  it('one-click without cookie from another origin turns off that kind’s email only (200), keeping push', async () => {
    const res = await oneClick(await tokenFor(userId, 'new_messages'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('You are unsubscribed');
    expect(await switches(userId)).toEqual([{ kind: 'new_messages', email: false, push: true }]);
    // Nothing else is recorded: no account-wide stop, no feedback row.
    expect(await reasons(userId)).toEqual({ reasons: [], latest: null });
    const feedback = await t.services.database.db.select().from(emailFeedback).where(eq(emailFeedback.userId, userId));
    expect(feedback).toHaveLength(0);
  });

  it('one-click accepts multipart bodies too, and keeps a push switch the member turned off', async () => {
    await t.services.database.db
      .insert(notificationPreferences)
      .values({ userId, kind: 'like', email: true, push: false });
    const res = await oneClick(await tokenFor(userId, 'like'), 'multipart/form-data; boundary=x');
    expect(res.statusCode).toBe(200);
    const [like] = (await switches(userId)).filter((s) => s.kind === 'like');
    expect(like).toEqual({ kind: 'like', email: false, push: false });
  });

  it('refuses a forged or expired link (400) and changes nothing', async () => {
    const expired = await tokenFor(userId, 'news', new Date(Date.now() - (UNSUBSCRIBE_LINK_DAYS + 1) * 86_400_000));
    for (const token of [expired, 'x.y', `${(await tokenFor(userId, 'news')).slice(0, -3)}abc`]) {
      expect((await oneClick(token)).statusCode).toBe(400);
    }
    expect((await switches(userId)).find((s) => s.kind === 'news')).toBeUndefined();
  });

  it('the page buttons act and redirect back to the page; undo restores the kind', async () => {
    const token = await tokenFor(userId, 'weekly_updates');
    expect(await t.services.emailStatus.describeUnsubscribe(token)).toEqual({ scope: 'weekly_updates', isOff: false });
    const off = await pageButton(token, 'unsubscribe');
    expect(off.statusCode).toBe(303);
    expect(off.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await t.services.emailStatus.describeUnsubscribe(token)).toEqual({ scope: 'weekly_updates', isOff: true });
    const undo = await pageButton(token, 'undo');
    expect(undo.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}&undone=1`);
    expect((await switches(userId)).find((s) => s.kind === 'weekly_updates')).toMatchObject({
      email: true,
      push: true,
    });
  });

  it("'all' records listunsubscribe, shown by GET /api/user.php; undo lifts it", async () => {
    const token = await tokenFor(userId, 'promotions');
    const all = await pageButton(token, 'unsubscribe_all');
    expect(all.headers.location).toBe(`/unsubscribe?token=${encodeURIComponent(token)}&all=1`);
    expect(await reasons(userId)).toEqual({ reasons: ['listunsubscribe'], latest: 'listunsubscribe' });
    const me = await asMember(t.app, member.cookie).call(accountsApi.current);
    expect(me.body.user?.notifications_disabled).toEqual(['listunsubscribe']);
    // The same again adds nothing twice; an 'all' link does the same by one click.
    expect((await oneClick(await tokenFor(userId, 'all'))).statusCode).toBe(200);
    expect((await reasons(userId)).reasons).toEqual(['listunsubscribe']);
    await pageButton(token, 'undo_all');
    expect(await reasons(userId)).toEqual({ reasons: [], latest: null });
    // The kind of the link itself was not touched by the 'all' buttons.
    expect((await switches(userId)).find((s) => s.kind === 'promotions')).toBeUndefined();
  });

  it('reading the link (the page loader) changes nothing', async () => {
    const other = await buildMember(t);
    const token = await tokenFor(other.user.id, 'new_conversations');
    expect(await t.services.emailStatus.describeUnsubscribe(token)).toEqual({
      scope: 'new_conversations',
      isOff: false,
    });
    expect(await t.services.emailStatus.describeUnsubscribe(token, true)).toEqual({ scope: 'all', isOff: false });
    expect(await switches(other.user.id)).toEqual([]);
    expect(await t.services.emailStatus.describeUnsubscribe('nope')).toBeNull();
    const stored = await t.services.database.db
      .select()
      .from(notificationPreferences)
      .where(and(eq(notificationPreferences.userId, other.user.id)));
    expect(stored).toHaveLength(0);
  });
});
