import { randomUUID } from 'node:crypto';
import fs, { readFile } from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpointInput } from '#common/endpoint.ts';
import { chatApi } from '#common/wire/chat.ts';
import { likesApi } from '#common/wire/likes.ts';
import { photosApi } from '#common/wire/photos.ts';
import { creditLedger, messages, profiles, users } from '#server/db/schema/index.ts';
import { activeMember, buildMember, CLIENT, lastMail, linkIn, photoForm } from '#server/test/factories.ts';
import { asMember, type TCallExtras } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

type TCookie = Record<string, string>;
/** Sends the idempotency key when there is one (a client retrying a send). */
const withKey = (key?: string): TCallExtras => ({ headers: key ? { 'idempotency-key': key } : {} });
const send = (cookie: TCookie, profileId: number, text: string, key?: string) =>
  asMember(t.app, cookie).call(chatApi.send, { profile_id: profileId, text }, withKey(key));
const chatList = async (cookie: TCookie) => (await asMember(t.app, cookie).call(chatApi.list)).body;
const chatPage = (cookie: TCookie, conversationId: number) =>
  asMember(t.app, cookie).call(chatApi.page, { conversation_id: conversationId });
/** Uploads a profile photo (multipart, as the browser sends it); returns the member's photos. */
const uploadProfilePhoto = async (cookie: TCookie) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/photos.php', cookies: cookie, ...(await photoForm()) });
  return photosApi.upload.response.parse(res.json()).photos;
};

const balance = async (userId: number) =>
  (await t.services.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;
const ledgerSum = async (userId: number) =>
  (
    await t.services.database.db
      .select({ s: sql<number>`coalesce(sum(${creditLedger.delta}), 0)::int` })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
  )[0].s;

describe('sending messages with credits (ARCHITECTURE §4)', () => {
  it('charges message_credits, writes the ledger, counts unread for the recipient and lists the conversation', async () => {
    const anna = await activeMember(t, {}, { credits: 30 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const res = await send(anna.cookie, ben.user.profile.id, '  Hello Ben!  ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ credits: 20, message: { from_me: true, kind: 'text', text: 'Hello Ben!' } });
    expect(await balance(anna.user.id)).toBe(20);
    expect(await ledgerSum(anna.user.id)).toBe(20);

    const chats = await chatList(ben.cookie);
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({ profile: { id: anna.user.profile.id }, num_unread_messages: 1 });
    const page = await chatPage(ben.cookie, chats[0].conversation.id);
    expect(page.body.messages).toMatchObject([{ text: 'Hello Ben!', from_me: false }]);
    // Opening the conversation set its unread count to 0.
    const after = await chatList(ben.cookie);
    expect(after[0].num_unread_messages).toBe(0);
  });

  it(`sends exactly 2 of 1,000 concurrent messages when the balance pays for 2, never below zero ${CONCURRENCY_PROOF}`, async () => {
    const anna = await activeMember(t, {}, { credits: 20 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => send(anna.cookie, ben.user.profile.id, `message ${i}`, randomUUID())),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 402)).toHaveLength(998);
    expect(results.find((r) => r.status === 402)!.error?.message).toBe('You do not have enough credits');
    expect(await balance(anna.user.id)).toBe(0);
    // The ledger explains the balance exactly.
    expect(await ledgerSum(anna.user.id)).toBe(0);
    const sent = await t.services.database.db
      .select()
      .from(messages)
      .where(eq(messages.senderProfileId, anna.user.profile.id));
    expect(sent).toHaveLength(2);
  }, 120_000);

  it(`charges a retried send with the same idempotency key once ${CONCURRENCY_PROOF}`, async () => {
    const anna = await activeMember(t, {}, { credits: 50 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const key = randomUUID();
    const first = await send(anna.cookie, ben.user.profile.id, 'Only once', key);
    const retries = await Promise.all([1, 2, 3].map(() => send(anna.cookie, ben.user.profile.id, 'Only once', key)));
    for (const r of retries) expect(r.body.message.id).toBe(first.body.message.id);
    expect(await balance(anna.user.id)).toBe(40);
    expect(await ledgerSum(anna.user.id)).toBe(40);
  });

  it('answers 422 idempotency_key_reused for a key reused with another recipient, text or kind, sending nothing', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const carl = await activeMember(t, {}, { credits: 0 });
    const key = randomUUID();
    const first = await send(anna.cookie, ben.user.profile.id, 'Hello Ben', key);
    expect(first.status).toBe(200);
    const reused = [
      await send(anna.cookie, ben.user.profile.id, 'Something else', key),
      await send(anna.cookie, carl.user.profile.id, 'Hello Ben', key),
      await asMember(t.app, anna.cookie).call(
        chatApi.send,
        { profile_id: ben.user.profile.id, gift: 'rose' },
        withKey(key),
      ),
    ];
    for (const r of reused) {
      expect(r.status).toBe(422);
      expect(r.error).toMatchObject({ error: 'idempotency_key_reused' });
    }
    // The identical retry still answers the first message.
    const retry = await send(anna.cookie, ben.user.profile.id, 'Hello Ben', key);
    expect(retry.status).toBe(200);
    expect(retry.body.message).toMatchObject({ id: first.body.message.id, text: 'Hello Ben' });
    const sent = await t.services.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.senderProfileId, anna.user.profile.id));
    expect(sent).toHaveLength(1);
    expect(await balance(anna.user.id)).toBe(90);
    expect(await ledgerSum(anna.user.id)).toBe(90);
  });

  it(`lets a free member start exactly 2 conversations, even at once; replies do not count ${CONCURRENCY_PROOF}`, async () => {
    const anna = await activeMember(t, {}, { credits: 1000 });
    const others = await Promise.all(Array.from({ length: 5 }, () => activeMember(t, {}, { credits: 0 })));
    const results = await Promise.all(others.map((o) => send(anna.cookie, o.user.profile.id, 'Hi!')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0].error).toMatchObject({ error: 'premium_required', data: { limit: 2 } });
    // Someone else starts a conversation with Anna: her reply is free of the limit.
    const carl = await activeMember(t, {}, { credits: 100 });
    await send(carl.cookie, anna.user.profile.id, 'Hello Anna');
    expect((await send(anna.cookie, carl.user.profile.id, 'Hello Carl')).status).toBe(200);
    // Premium members start as many as they like.
    const premium = await activeMember(t, {}, { credits: 1000, paidUser: true });
    for (const o of others) expect((await send(premium.cookie, o.user.profile.id, 'Hi')).status).toBe(200);
  });

  it(`gives two members who write each other first at the same moment one conversation ${CONCURRENCY_PROOF}`, async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const [a, b] = await Promise.all([
      send(anna.cookie, ben.user.profile.id, 'Hi Ben'),
      send(ben.cookie, anna.user.profile.id, 'Hi Anna'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.message.conversation_id).toBe(b.body.message.conversation_id);
  });

  it('refuses blocked, hidden and unknown recipients, oneself, empty and too long texts, charging nothing', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const blocker = await activeMember(t, {}, { credits: 0 });
    await t.services.blocks.block(blocker.user.profile.id, anna.user.profile.id);
    const hidden = await activeMember(t, {}, { credits: 0 });
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    for (const id of [blocker.user.profile.id, hidden.user.profile.id, 99_999_999]) {
      expect((await send(anna.cookie, id, 'Hi')).status).toBe(404);
    }
    const ben = await activeMember(t, {}, { credits: 0 });
    expect((await send(anna.cookie, anna.user.profile.id, 'Me')).status).toBe(400);
    expect((await send(anna.cookie, ben.user.profile.id, '   ')).status).toBe(400);
    expect((await send(anna.cookie, ben.user.profile.id, 'x'.repeat(1001))).status).toBe(400);
    expect(await balance(anna.user.id)).toBe(100);
    expect((await send({}, ben.user.profile.id, 'Hi')).status).toBe(403);
  });
});

describe('the conversation list (spec §3 chat list item)', () => {
  it("previews the newest message (text start, or only its kind) and the other member's presence, hidden when invisible", async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const cara = await activeMember(t, {}, { credits: 100 });
    expect((await send(anna.cookie, ben.user.profile.id, 'Hello Ben')).status).toBe(200);
    const gift = await asMember(t.app, anna.cookie).call(chatApi.send, {
      profile_id: cara.user.profile.id,
      gift: 'rose',
    });
    expect(gift.status).toBe(200);
    expect((await send(cara.cookie, anna.user.profile.id, 'x'.repeat(300))).status).toBe(200);
    const list = await chatList(anna.cookie);
    const withBen = list.find((c) => c.profile.id === ben.user.profile.id)!;
    const withCara = list.find((c) => c.profile.id === cara.user.profile.id)!;
    expect(withBen.last_message).toMatchObject({ kind: 'text', text: 'Hello Ben', from_me: true });
    // The newest of two, cut to the preview's length. Ben just made requests but has no socket: active recently;
    // with a socket connected (realtime presence) he is online now, and no longer once it closed.
    expect(withCara.last_message).toMatchObject({ kind: 'text', text: 'x'.repeat(120), from_me: false });
    expect(withBen.online).toBe('recently');
    await t.services.realtime.setConnected(ben.user.profile.id, 'ben-socket', 60_000);
    const online = async () => (await chatList(anna.cookie)).find((c) => c.profile.id === ben.user.profile.id)!.online;
    expect(await online()).toBe('now');
    await t.services.realtime.setConnected(ben.user.profile.id, 'ben-socket', 0);
    expect(await online()).toBe('recently');
    await t.services.realtime.setConnected(ben.user.profile.id, 'ben-socket', 60_000);
    const benList = await chatList(ben.cookie);
    expect(benList[0].last_message).toMatchObject({ kind: 'text', from_me: false });
    expect((await chatList(cara.cookie))[0].last_message).toMatchObject({ kind: 'text', from_me: true });
    // A gift shows only its kind; invisible mode hides the presence.
    await asMember(t.app, ben.cookie).call(chatApi.send, { profile_id: anna.user.profile.id, gift: 'rose' });
    await t.services.database.db.update(users).set({ invisible: true }).where(eq(users.id, ben.user.id));
    const hidden = (await chatList(anna.cookie)).find((c) => c.profile.id === ben.user.profile.id)!;
    expect(hidden).toMatchObject({ online: null, last_message: { kind: 'gift', text: '', from_me: false } });
  });

  it('is online now with a socket connected, else active recently by the last activity; nothing when hidden', async () => {
    const { onlineState } = await import('./chat.presenter.ts');
    const now = new Date('2026-01-02T12:00:00Z');
    expect(onlineState(null, true, now)).toBeNull();
    expect(onlineState(new Date('2026-01-01T09:00:00Z'), true, now)).toBe('now');
    expect(onlineState(new Date('2026-01-02T11:55:00Z'), false, now)).toBe('recently');
    expect(onlineState(new Date('2026-01-02T09:00:00Z'), false, now)).toBe('recently');
    expect(onlineState(new Date('2026-01-01T09:00:00Z'), false, now)).toBeNull();
  });
});

describe('opening the first-message screen (spec §2 members-id-chat)', () => {
  it("leads a visitor to signup, oneself to the chats, a blocked member to the blocker's name, the blocker to not found, a conversation to itself", async () => {
    const anna = await activeMember(t, {}, { credits: 10 });
    const ben = await activeMember(t, {}, { credits: 10 });
    const open = (viewer: number | undefined, id: number) => t.services.chat.openConversationWith(viewer, id, '');
    expect(await open(undefined, anna.user.profile.id)).toEqual({ kind: 'signup' });
    expect(await open(ben.user.profile.id, ben.user.profile.id)).toEqual({ kind: 'own_profile' });
    expect(await open(ben.user.profile.id, 99_999_999)).toEqual({ kind: 'not_found' });
    expect(await open(undefined, -1)).toEqual({ kind: 'not_found' });
    const fresh = await open(ben.user.profile.id, anna.user.profile.id);
    expect(fresh).toMatchObject({ kind: 'new', profile: { id: anna.user.profile.id, name: anna.user.profile.name } });
    await t.services.blocks.block(anna.user.profile.id, ben.user.profile.id);
    expect(await open(ben.user.profile.id, anna.user.profile.id)).toEqual({
      kind: 'blocked_by',
      name: anna.user.profile.name,
    });
    expect(await t.services.chat.blockedBy(ben.user.profile.id, anna.user.profile.id)).toBe(anna.user.profile.name);
    expect(await t.services.chat.blockedBy(anna.user.profile.id, ben.user.profile.id)).toBeNull();
    expect(await open(anna.user.profile.id, ben.user.profile.id)).toEqual({ kind: 'not_found' });
    await t.services.blocks.unblock(anna.user.profile.id, ben.user.profile.id);
    expect((await send(ben.cookie, anna.user.profile.id, 'Hi Anna')).status).toBe(200);
    const existing = await open(ben.user.profile.id, anna.user.profile.id);
    expect(existing.kind).toBe('existing');
    expect(existing).toEqual({
      kind: 'existing',
      conversationId: await t.services.chat.conversationWith(ben.user.profile.id, anna.user.profile.id),
    });
    await t.services.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, anna.user.profile.id));
    expect(await open(ben.user.profile.id, anna.user.profile.id)).toEqual({ kind: 'not_found' });
  });
});

describe('photo and gift messages (spec §3 message kinds)', () => {
  const post = (cookie: TCookie, input: TEndpointInput<typeof chatApi.send>, key?: string) =>
    asMember(t.app, cookie).call(chatApi.send, input, withKey(key));
  /** Sends a new photo as the browser does (multipart). */
  const upload = async (cookie: TCookie, profileId: number, key?: string, image?: Buffer) =>
    asMember(t.app, cookie).upload(chatApi.sendPhoto, await photoForm({ profile_id: profileId }, image), withKey(key));
  const mediaFiles = async () =>
    (await fs.readdir(path.join(t.config.dataDir, 'media')).catch(() => [] as string[])).length;
  const served = async (url: string) => {
    const res = await t.app.inject({ url: url.replace(/^https?:\/\/[^/]+/, '') });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };

  it('sends a gift for gift_credits; unknown gifts are refused', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const res = await post(anna.cookie, { profile_id: ben.user.profile.id, gift: 'rose' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ credits: 80, message: { kind: 'gift', gift: 'rose', text: '', photo: null } });
    // A gift outside the catalogue: a body the typed client cannot send.
    const unknownGift = await t.app.inject({
      method: 'POST',
      url: '/api/chat.php',
      headers: CLIENT,
      cookies: anna.cookie,
      payload: { profile_id: ben.user.profile.id, gift: 'yacht' },
    });
    expect(unknownGift.statusCode).toBe(400);
    expect((await post(anna.cookie, { profile_id: ben.user.profile.id, gift: 'rose', text: 'both' })).status).toBe(400);
    expect(await balance(anna.user.id)).toBe(80);
    expect(await ledgerSum(anna.user.id)).toBe(80);
  });

  it('sends one of the sender’s own photos for photo_credits; it stays when the profile photo is deleted', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const photoId = (await uploadProfilePhoto(anna.cookie))[0].id;
    const res = await post(anna.cookie, { profile_id: ben.user.profile.id, photo_id: photoId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ credits: 85, message: { kind: 'photo', gift: null } });
    const photo = res.body.message.photo!;
    await asMember(t.app, anna.cookie).call(photosApi.remove, { photo_id: photoId });
    expect((await sharp(await served(photo.filename)).metadata()).format).toBe('jpeg');
    expect((await served(photo.thumb_filename)).length).toBeGreaterThan(100);
    // Ben sees it as theirs, not his.
    const page = await chatPage(ben.cookie, res.body.message.conversation_id);
    expect(page.body.messages[0]).toMatchObject({ kind: 'photo', from_me: false, photo });
  });

  it('sends an uploaded photo processed like profile photos: no metadata survives', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const withGps = await readFile(path.join(import.meta.dirname, '../../test/fixtures/gps-photo.jpg'));
    expect(await exifr.gps(withGps)).toBeTruthy();
    const res = await upload(anna.cookie, ben.user.profile.id, undefined, withGps);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ credits: 85, message: { kind: 'photo' } });
    const bytes = await served(res.body.message.photo!.filename);
    expect(await exifr.gps(bytes).catch(() => undefined)).toBeFalsy();
    const bad = await upload(anna.cookie, ben.user.profile.id, undefined, Buffer.from('not an image at all'));
    expect(bad.status).toBe(415);
    expect(await balance(anna.user.id)).toBe(85);
  });

  it('charges a retried photo upload once and leaves no files behind a refused one', async () => {
    const anna = await activeMember(t, {}, { credits: 15 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const key = randomUUID();
    const first = await upload(anna.cookie, ben.user.profile.id, key);
    expect(first.status).toBe(200);
    const files = await mediaFiles();
    const again = await upload(anna.cookie, ben.user.profile.id, key);
    expect(again.body.message.id).toBe(first.body.message.id);
    expect(await mediaFiles()).toBe(files);
    // No credits left: refused, and the processed files are removed again.
    const broke = await upload(anna.cookie, ben.user.profile.id, randomUUID());
    expect(broke.status).toBe(402);
    expect(await mediaFiles()).toBe(files);
    expect(await balance(anna.user.id)).toBe(0);
    expect(await ledgerSum(anna.user.id)).toBe(0);
  });

  it('answers 422 idempotency_key_reused for a photo key reused with another photo, file or recipient', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 0 });
    const carl = await activeMember(t, {}, { credits: 0 });
    const [photoA] = await uploadProfilePhoto(anna.cookie);
    const photoB = (await uploadProfilePhoto(anna.cookie)).find((p) => p.id !== photoA.id)!;
    const key = randomUUID();
    const first = await post(anna.cookie, { profile_id: ben.user.profile.id, photo_id: photoA.id }, key);
    expect(first.status).toBe(200);
    const files = await mediaFiles();
    const other = await post(anna.cookie, { profile_id: ben.user.profile.id, photo_id: photoB.id }, key);
    expect(other.status).toBe(422);
    expect(other.error).toMatchObject({ error: 'idempotency_key_reused' });
    expect((await upload(anna.cookie, ben.user.profile.id, key)).status).toBe(422);
    const same = await post(anna.cookie, { profile_id: ben.user.profile.id, photo_id: photoA.id }, key);
    expect(same.body.message.id).toBe(first.body.message.id);

    const uploadKey = randomUUID();
    const uploaded = await upload(anna.cookie, ben.user.profile.id, uploadKey);
    expect(uploaded.status).toBe(200);
    const otherImage = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const filesAfterUpload = await mediaFiles();
    for (const r of [
      await upload(anna.cookie, ben.user.profile.id, uploadKey, otherImage),
      await upload(anna.cookie, carl.user.profile.id, uploadKey),
    ]) {
      expect(r.status).toBe(422);
      expect(r.error).toMatchObject({ error: 'idempotency_key_reused' });
    }
    expect(await mediaFiles()).toBe(filesAfterUpload);
    expect(filesAfterUpload).toBeGreaterThan(files);
    expect(await balance(anna.user.id)).toBe(70);
  });
});

describe('conversations belong to their members', () => {
  it('answers 404 for another member’s conversation id, and deleting clears it for oneself only', async () => {
    const anna = await activeMember(t, {}, { credits: 100 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const eve = await activeMember(t, {}, { credits: 0 });
    const { message } = (await send(anna.cookie, ben.user.profile.id, 'Private')).body;
    const id = message.conversation_id;
    const peek = await chatPage(eve.cookie, id);
    expect(peek.status).toBe(404);
    const remove = (cookie: TCookie, input: TEndpointInput<typeof chatApi.remove>) =>
      asMember(t.app, cookie).call(chatApi.remove, input);
    expect((await remove(eve.cookie, { conversation_id: id })).status).toBe(404);
    expect((await remove(anna.cookie, { conversation_id: id })).status).toBe(204);
    expect(await chatList(anna.cookie)).toEqual([]);
    expect(await chatList(ben.cookie)).toHaveLength(1);
    // A new message brings the conversation back, without the deleted history.
    expect((await send(ben.cookie, anna.user.profile.id, 'Still there?')).status).toBe(200);
    const page = await chatPage(anna.cookie, id);
    expect(page.body.messages.map((m) => m.text)).toEqual(['Still there?']);
    // Deleting by profile removes it again.
    expect((await remove(anna.cookie, { profile_id: ben.user.profile.id })).status).toBe(204);
    expect(await chatList(anna.cookie)).toEqual([]);
  });
});

describe('the message written at signup (spec §2 member landers)', () => {
  it('reaches the member once the email is confirmed, free and only once', async () => {
    const target = await activeMember(t, {}, { credits: 0 });
    const { form, user } = await buildMember(t, {
      member_id: target.user.profile.id,
      signup_message: 'Hoi! Zin in een praatje?',
    });
    const chats = () => chatList(target.cookie);
    expect(await chats()).toEqual([]); // not before the confirmation
    const mail = await lastMail(t, form.email);
    // The link's page delivers it after activating (email-links.test.ts); a second delivery must add nothing.
    const memberId = await t.services.accounts.activate(linkIn(mail!.text).searchParams.get('token')!);
    for (let i = 0; i < 2; i++) await t.services.chat.deliverSignupMessage(memberId, '');
    const list = await chats();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ num_unread_messages: 1, profile: { id: user.profile.id } });
    const page = await chatPage(target.cookie, list[0].conversation.id);
    expect(page.body.messages.map((m) => m.text)).toEqual(['Hoi! Zin in een praatje?']);
    expect(await balance(user.id)).toBe(user.credits);
  });
});

describe('the navigation badges (issue 31)', () => {
  it('counts unread messages and new likes for the badges exactly as the lists show them, blocked and invisible members left out', async () => {
    const anna = await activeMember(t);
    const [ben, carl, dora] = await Promise.all([activeMember(t), activeMember(t), activeMember(t)]);
    const a = anna.user.profile.id;
    for (const other of [ben, carl, dora]) {
      expect((await send(other.cookie, a, `Hi from ${other.user.profile.id}`)).status).toBe(200);
      await asMember(t.app, other.cookie).call(likesApi.like, { profile_id: a });
    }
    await send(ben.cookie, a, 'A second one');
    // Carl is blocked (in neither list); Dora went invisible (her like is not listed, her conversation is).
    await t.services.blocks.block(a, carl.user.profile.id);
    await t.services.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, dora.user.profile.id));
    const badges = async () => ({
      unread: await t.services.chat.unreadCount(a),
      newLikes: await t.services.likes.newCount(a),
    });
    const lists = async () => ({
      unread: (await chatList(anna.cookie)).reduce((sum, c) => sum + c.num_unread_messages, 0),
      newLikes: (await asMember(t.app, anna.cookie).call(likesApi.list)).body.liked_by.filter((l) => l.like_new).length,
    });
    expect(await lists()).toEqual({ unread: 3, newLikes: 1 });
    expect(await badges()).toEqual(await lists());
    // Reading Ben's conversation clears its unread messages from both.
    const conversation = (await chatList(anna.cookie)).find((c) => c.profile.id === ben.user.profile.id)!;
    await chatPage(anna.cookie, conversation.conversation.id);
    expect(await badges()).toEqual({ unread: 1, newLikes: 1 });
    expect(await lists()).toEqual(await badges());
  });
});
