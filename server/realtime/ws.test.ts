import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_SESSION_ENDED } from '#common/realtime.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { chatApi, type TSendMessageRequest } from '#common/wire/chat.ts';
import { activeMember, lastMail, linkIn, type TTestMember } from '../test/factories.ts';
import { asMember, asVisitor } from '../test/member-client.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { closeCode, openSocket, type TTestSocket } from '../test/sockets.ts';

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const send = (cookie: Record<string, string>, body: TSendMessageRequest) =>
  asMember(t.app, cookie).call(chatApi.send, body);
/** A page of a conversation as a member reads it (`after`: only newer messages). */
const chatPage = async (cookie: Record<string, string>, conversationId: number, after?: number) =>
  (await asMember(t.app, cookie).call(chatApi.page, { conversation_id: conversationId, after })).body;

/** The handshake answer of an upgrade that the server refused. */
function refusedStatus(headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/ws`, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.on('error', () => undefined);
  });
}

describe('GET /api/ws (realtime)', () => {
  it('refuses an upgrade without a session, from another origin or without an Origin header', async () => {
    const m = await activeMember(t, {}, { credits: 100 });
    const cookie = `auth.session=${m.cookie['auth.session']}`;
    expect(await refusedStatus({ origin: base })).toBe(403);
    expect(await refusedStatus({ origin: 'https://evil.example', cookie })).toBe(403);
    expect(await refusedStatus({ cookie })).toBe(403);
    expect(await refusedStatus({ origin: base, cookie: 'auth.session=forged' })).toBe(403);
  });

  it('pushes a new message to the recipient and to the sender, and the new balance to the sender', async () => {
    const anna = await activeMember(t, {}, { credits: 30 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const annaSocket = await openSocket(base, anna.cookie);
    const benSocket = await openSocket(base, ben.cookie);
    const res = await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'Hi Ben' });
    expect(res.status).toBe(200);
    const { id } = res.body.message;
    const toBen = await benSocket.next('message');
    expect(toBen).toMatchObject({
      profile_id: anna.user.profile.id,
      message: { id, from_me: false, text: 'Hi Ben', kind: 'text' },
    });
    expect(await annaSocket.next('message')).toMatchObject({
      profile_id: ben.user.profile.id,
      message: { id, from_me: true },
    });
    expect(await annaSocket.next('credits')).toEqual({ type: 'credits', credits: 20 });
    annaSocket.close();
    benSocket.close();
  });

  it('relays typing only within the member’s own conversations', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const eve = await activeMember(t, {}, { credits: 100 });
    await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'Hello' });
    const conversationId = (await t.services.chat.conversationWith(anna.user.profile.id, ben.user.profile.id))!;
    const benSocket = await openSocket(base, ben.cookie);
    const annaSocket = await openSocket(base, anna.cookie);
    const eveSocket = await openSocket(base, eve.cookie);
    // Eve names a conversation that is not hers: nobody hears it.
    eveSocket.send({ type: 'typing', conversation_id: conversationId });
    annaSocket.send({ type: 'typing', conversation_id: conversationId });
    expect(await benSocket.next('typing')).toEqual({
      type: 'typing',
      conversation_id: conversationId,
      profile_id: anna.user.profile.id,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(benSocket.events.filter((e) => e.type === 'typing')).toHaveLength(1);
    expect(annaSocket.events.some((e) => e.type === 'typing')).toBe(false);
    // Malformed frames are ignored; the socket stays usable.
    annaSocket.raw.send('not json');
    annaSocket.send({ type: 'ping' });
    expect(await annaSocket.next('pong')).toEqual({ type: 'pong' });
    for (const s of [benSocket, annaSocket, eveSocket]) s.close();
  });

  it('records which of the member’s own conversations a socket has on screen, until it says none or closes', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const eve = await activeMember(t, {}, { credits: 100 });
    await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'Hello' });
    const conversationId = (await t.services.chat.conversationWith(anna.user.profile.id, ben.user.profile.id))!;
    const viewing = (m: TTestMember) => t.services.realtime.isViewing(m.user.profile.id, conversationId);
    const benSocket = await openSocket(base, ben.cookie);
    const eveSocket = await openSocket(base, eve.cookie);
    // Eve names a conversation that is not hers: nothing is recorded.
    eveSocket.send({ type: 'viewing', conversation_id: conversationId });
    benSocket.send({ type: 'viewing', conversation_id: conversationId });
    await expect.poll(() => viewing(ben)).toBe(true);
    expect(await viewing(eve)).toBe(false);
    benSocket.send({ type: 'viewing', conversation_id: null });
    await expect.poll(() => viewing(ben)).toBe(false);
    benSocket.send({ type: 'viewing', conversation_id: conversationId });
    await expect.poll(() => viewing(ben)).toBe(true);
    benSocket.close();
    await expect.poll(() => viewing(ben)).toBe(false);
    eveSocket.close();
  });

  it('counts a member as connected (online now) while one of their sockets is open, on any of them', async () => {
    const anna = await activeMember(t);
    const id = anna.user.profile.id;
    const connected = async () => (await t.services.realtime.connectedOf([id])).has(id);
    expect(await connected()).toBe(false);
    const first = await openSocket(base, anna.cookie);
    const second = await openSocket(base, anna.cookie);
    await expect.poll(connected).toBe(true);
    first.close();
    // The other tab keeps her online.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await connected()).toBe(true);
    second.close();
    await expect.poll(connected).toBe(false);
  });

  it('tells the sender when the recipient has read, and the reader’s other tabs', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const sent = (await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'Seen?' })).body.message;
    const annaSocket = await openSocket(base, anna.cookie);
    const benOtherTab = await openSocket(base, ben.cookie);
    const page = await chatPage(ben.cookie, sent.conversation_id);
    expect(page.read_up_to).toBe(0);
    expect(await annaSocket.next('read')).toEqual({
      type: 'read',
      conversation_id: sent.conversation_id,
      up_to: sent.id,
    });
    expect(await benOtherTab.next('chat_read')).toEqual({ type: 'chat_read', conversation_id: sent.conversation_id });
    const annaView = await chatPage(anna.cookie, sent.conversation_id);
    expect(annaView.read_up_to).toBe(sent.id);
    annaSocket.close();
    benOtherTab.close();
  });

  it('resyncs with ?after: only newer messages, never a duplicate', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const first = (await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'one' })).body.message;
    await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'two' });
    await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'three' });
    const page = await chatPage(ben.cookie, first.conversation_id, first.id);
    expect(page.messages.map((m) => m.text)).toEqual(['two', 'three']);
    expect(page.has_older).toBe(false);
    expect(page.has_newer).toBe(false);
  });

  it('resyncs more than a page in order, without skipping any message', async () => {
    const anna = await activeMember(t, {}, { credits: 1000 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const first = (await send(anna.cookie, { profile_id: ben.user.profile.id, text: 'm0' })).body.message;
    for (let i = 1; i <= 40; i++) await send(anna.cookie, { profile_id: ben.user.profile.id, text: `m${i}` });
    const read = (after: number) => chatPage(ben.cookie, first.conversation_id, after);
    const one = await read(first.id);
    expect(one.has_newer).toBe(true);
    const two = await read(one.messages.at(-1)!.id);
    expect(two.has_newer).toBe(false);
    const texts = [...one.messages, ...two.messages].map((m) => m.text);
    expect(texts).toEqual(Array.from({ length: 40 }, (_, i) => `m${i + 1}`));
  });
});

describe('sockets end with their session', () => {
  /** A second session of the same member (another device), by logging in again. */
  async function secondSession(m: TTestMember) {
    const res = await asVisitor(t.app).call(accountsApi.login, { email: m.form.email, password: m.form.password });
    return { 'auth.session': res.cookies.find((c) => c.name === 'auth.session')!.value };
  }

  /** Sends a message from `from` to `to` and waits until `witness` (a socket still open) has it. */
  async function messageArrives(from: TTestMember, to: TTestMember, witness: TTestSocket) {
    const res = await send(from.cookie, { profile_id: to.user.profile.id, text: 'after' });
    expect(res.status).toBe(200);
    await witness.next('message');
  }

  it('logout closes the sockets of that session at once, and they receive nothing after it; other devices stay', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const otherDevice = await secondSession(anna);
    const socket = await openSocket(base, anna.cookie);
    const stays = await openSocket(base, otherDevice);
    const closed = closeCode(socket);
    const out = await asMember(t.app, anna.cookie).call(accountsApi.logout);
    expect(out.status).toBe(204);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    await messageArrives(ben, anna, stays);
    expect(socket.events.filter((e) => e.type === 'message')).toEqual([]);
    stays.close();
  });

  it('a password change closes the other sessions’ sockets and keeps the current one', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const otherDevice = await secondSession(anna);
    const current = await openSocket(base, anna.cookie);
    const other = await openSocket(base, otherDevice);
    const closed = closeCode(other);
    const res = await asMember(t.app, anna.cookie).call(accountChangesApi.changePassword, {
      old_password: anna.form.password,
      password: 'a new password',
      password_confirmation: 'a new password',
    });
    expect(res.status).toBe(204);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    await messageArrives(ben, anna, current);
    expect(other.events.filter((e) => e.type === 'message')).toEqual([]);
    current.close();
  });

  it('a password reset and an account deletion close every socket of the member', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const otherDevice = await secondSession(anna);
    const sockets = [await openSocket(base, anna.cookie), await openSocket(base, otherDevice)];
    let closed = sockets.map(closeCode);
    await asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email: anna.form.email });
    // The reset email goes out from a job the job loop runs (who is a member never leaks).
    await t.services.runJobs();
    await t.services.settleJobs();
    const token = linkIn((await lastMail(t, anna.form.email as string))!.text).searchParams.get('token')!;
    const reset = await asVisitor(t.app).call(accountChangesApi.resetPassword, {
      token,
      password: 'reset password',
      password_confirmation: 'reset password',
    });
    expect(reset.status).toBe(200);
    expect(await Promise.all(closed)).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);

    const fresh = { 'auth.session': reset.cookies.find((c) => c.name === 'auth.session')!.value };
    const again = [await openSocket(base, fresh), await openSocket(base, fresh)];
    closed = again.map(closeCode);
    const del = await asMember(t.app, fresh).call(accountChangesApi.deleteAccount, {
      password: 'reset password',
      reason: 'other',
    });
    expect(del.status).toBe(204);
    expect(await Promise.all(closed)).toEqual([CLOSE_SESSION_ENDED, CLOSE_SESSION_ENDED]);
  });

  it('a login with an old session cookie closes that old session’s sockets (rotation)', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const socket = await openSocket(base, anna.cookie);
    const closed = closeCode(socket);
    const res = await asMember(t.app, anna.cookie).call(accountsApi.login, {
      email: anna.form.email,
      password: anna.form.password,
    });
    expect(res.status).toBe(200);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
  });
});
