import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TStaffActor } from '#common/staff.ts';
import { HOST_LEASE_MS } from '#common/wire/admin/hosts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { auditLog, creditLedger, jobs, users } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { activeMember, type TTestMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { openSocket } from '#server/test/sockets.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { buildStaff, fictionalFields, siteIds, testImage } from '#server/test/hosts-fixtures.ts';

let t: TTestApp;
let base: string;
/** The app's clock: tests move it to let leases expire. */
let clock = Date.now();
let sitesOf: { home: number; other: number };
let admin: TStaffActor;
let host1: TStaffActor;
let host2: TStaffActor;
let elsewhere: TStaffActor;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  sitesOf = await siteIds(t);
  admin = await buildStaff(t, 'admin');
  host1 = await buildStaff(t, 'host');
  host2 = await buildStaff(t, 'host');
  elsewhere = await buildStaff(t, 'host', [sitesOf.other]);
});
afterAll(async () => {
  await t.close();
});

const hosts = () => t.services.hosts;
const balance = async (userId: number) =>
  (await t.services.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;
const ledgerRows = async (userId: number) =>
  (await t.services.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).length;
/** The code of the AppError a promise rejects with. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof AppError ? e.code : String(e)),
  );

/** A visible fictional profile on the default site. */
const fictional = async (name = 'Mila') =>
  (await t.services.fictionalProfiles.create(admin, { ...fictionalFields({ name }), siteId: sitesOf.home })).id;

/** A member with credits who wrote a text to a profile; returns the member and the conversation id. */
async function memberWritesTo(profileId: number, credits = 30): Promise<{ member: TTestMember; chatId: number }> {
  const member = await activeMember(t, {}, { credits });
  const res = await asMember(t.app, member.cookie).call(chatApi.send, { profile_id: profileId, text: 'Hi there!' });
  expect(res.status).toBe(200);
  return { member, chatId: res.body.message.conversation_id };
}

describe('hosts answer members as fictional profiles (issue 30)', () => {
  it("charges the member's message as any, puts it in the inbox and the site's figures, oldest first", async () => {
    const profileId = await fictional();
    const first = await memberWritesTo(profileId);
    clock += 1000;
    const second = await memberWritesTo(profileId);
    expect(await balance(first.member.user.id)).toBe(20);

    const inbox = await hosts().inbox(host1, { page: 1 });
    const ids = inbox.items.map((i) => i.chatId);
    expect(ids.indexOf(first.chatId)).toBeLessThan(ids.indexOf(second.chatId));
    expect(inbox.items.find((i) => i.chatId === first.chatId)).toMatchObject({
      siteId: sitesOf.home,
      fictional: { id: profileId, name: 'Mila' },
      member: { id: first.member.user.profile.id },
      lastMessage: { kind: 'text', text: 'Hi there!' },
      lease: null,
    });
    const figures = await hosts().figures(host1);
    const home = figures.sites.find((s) => s.siteId === sitesOf.home)!;
    expect(home.unanswered).toBeGreaterThanOrEqual(2);
    expect(home.oldestWaitingSince).not.toBeNull();
    // A host limited to another site sees none of it, and may not open it.
    expect((await hosts().inbox(elsewhere, { page: 1 })).items.map((i) => i.chatId)).not.toContain(first.chatId);
    expect(await refusal(hosts().inbox(elsewhere, { siteId: sitesOf.home, page: 1 }))).toBe('forbidden');
    expect(await refusal(hosts().conversation(elsewhere, { chatId: first.chatId }))).toBe('forbidden');
    expect(await refusal(hosts().claim(elsewhere, first.chatId))).toBe('forbidden');
  });

  it('a host claims and answers; the member sees it live, pays nothing, and the audit log names the host', async () => {
    const profileId = await fictional('Noor');
    const { member, chatId } = await memberWritesTo(profileId);
    const paid = await balance(member.user.id);
    const ledger = await ledgerRows(member.user.id);
    const socket = await openSocket(base, member.cookie);

    const lease = await hosts().claim(host1, chatId);
    expect(lease).toMatchObject({ chatId, staffId: host1.id, mine: true });
    // A second host can neither claim nor answer it meanwhile.
    expect(await refusal(hosts().claim(host2, chatId))).toBe('conversation_claimed');
    expect(await refusal(hosts().reply(host2, { chatId, text: 'Me too' }))).toBe('conversation_claimed');

    const { message } = await hosts().reply(host1, { chatId, text: 'Hello, nice to meet you!' });
    expect(message).toMatchObject({ fromMember: false, kind: 'text', text: 'Hello, nice to meet you!' });
    const live = await socket.next('message');
    expect(live).toMatchObject({
      profile_id: profileId,
      message: { from_me: false, text: 'Hello, nice to meet you!' },
    });
    expect(await socket.next('read')).toMatchObject({ conversation_id: chatId, up_to: message.id });
    socket.close();

    expect(await balance(member.user.id)).toBe(paid);
    expect(await ledgerRows(member.user.id)).toBe(ledger);
    const chats = (await asMember(t.app, member.cookie).call(chatApi.list)).body;
    expect(chats.find((c) => c.conversation.id === chatId)).toMatchObject({ num_unread_messages: 1 });

    const { db } = t.services.database;
    const audit = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'host.reply'), eq(auditLog.subject, `chat:${chatId}`)));
    expect(audit).toMatchObject([{ staffId: host1.id, siteId: sitesOf.home, userId: member.user.id }]);
    expect(JSON.stringify(audit[0].after)).not.toContain('nice to meet');
    // The member is notified like for any reply (a notification event job for the message).
    const queued = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'notify_event'), sql`${jobs.payload}->>'messageId' = ${String(message.id)}`));
    expect(queued).toHaveLength(1);

    // Answered: out of the inbox until the member writes again, then waiting since that message.
    expect((await hosts().inbox(host1, { page: 1 })).items.map((i) => i.chatId)).not.toContain(chatId);
    const again = await asMember(t.app, member.cookie).call(chatApi.send, { profile_id: profileId, text: 'And?' });
    const back = (await hosts().inbox(host1, { page: 1 })).items.find((i) => i.chatId === chatId);
    expect(back?.waitingSince).toBe(again.body.message.created_at);
    expect(back?.lease).toMatchObject({ staffId: host1.id, mine: true });
  });

  it("answers with a gift and with one of the profile's photos, processed like members' photos", async () => {
    const profileId = await fictional('Sanne');
    const withPhoto = await t.services.fictionalProfiles.uploadPhoto(admin, profileId, await testImage());
    const { member, chatId } = await memberWritesTo(profileId);
    await hosts().claim(host1, chatId);
    const gift = await hosts().reply(host1, { chatId, gift: 'rose' });
    expect(gift.message).toMatchObject({ kind: 'gift', gift: 'rose' });
    const photo = await hosts().reply(host1, { chatId, photoId: withPhoto.photos[0].id });
    expect(photo.message.kind).toBe('photo');
    // A copy under its own name: deleting the profile photo keeps the message's.
    expect(photo.message.photo!.filename).not.toBe(withPhoto.photos[0].filename);
    const image = await t.app.inject({ method: 'GET', url: photo.message.photo!.filename });
    expect(image.statusCode).toBe(200);
    const page = await asMember(t.app, member.cookie).call(chatApi.page, { conversation_id: chatId });
    expect(page.body.messages.map((m) => m.kind)).toEqual(['text', 'gift', 'photo']);
    // Another profile's photo is refused.
    const other = await fictional('Other');
    const foreign = await t.services.fictionalProfiles.uploadPhoto(admin, other, await testImage());
    expect(await refusal(hosts().reply(host1, { chatId, photoId: foreign.photos[0].id }))).toBe('photo_not_found');
  });

  it('a lease expires: without it nobody answers; another host may take it over', async () => {
    const profileId = await fictional('Eva');
    const { chatId } = await memberWritesTo(profileId);
    expect(await refusal(hosts().reply(host1, { chatId, text: 'Unclaimed' }))).toBe('lease_expired');
    await hosts().claim(host1, chatId);
    clock += HOST_LEASE_MS + 1000;
    expect(await refusal(hosts().reply(host1, { chatId, text: 'Too late' }))).toBe('lease_expired');
    await hosts().claim(host2, chatId);
    expect(await refusal(hosts().reply(host1, { chatId, text: 'Too late' }))).toBe('conversation_claimed');
    await hosts().reply(host2, { chatId, text: 'I am here' });
    // Renewing one's own lease is allowed; releasing lets the other host claim.
    await hosts().claim(host2, chatId);
    await hosts().release(host2, chatId);
    await hosts().claim(host1, chatId);
  });

  it('"next" claims the oldest conversation nobody holds, never one another host holds', async () => {
    // Answer everything waiting so far, so that only this test's conversations wait.
    for (;;) {
      const { lease } = await hosts().next(admin);
      if (!lease) break;
      await hosts().reply(admin, { chatId: lease.chatId, text: 'Hi' });
    }
    const profileId = await fictional('Ida');
    const older = await memberWritesTo(profileId);
    clock += 1000;
    const newer = await memberWritesTo(profileId);
    const [a, b] = await Promise.all([hosts().next(host1), hosts().next(host2)]);
    expect([a.lease?.chatId, b.lease?.chatId].sort()).toEqual([older.chatId, newer.chatId].sort());
    expect((await hosts().next(host1)).lease).toBeNull();
  });

  it("never opens members' conversations with each other", async () => {
    const anna = await activeMember(t, {}, { credits: 30 });
    const ben = await activeMember(t);
    const sent = await asMember(t.app, anna.cookie).call(chatApi.send, { profile_id: ben.user.profile.id, text: 'Hi' });
    const chatId = sent.body.message.conversation_id;
    expect(await refusal(hosts().conversation(host1, { chatId }))).toBe('conversation_not_found');
    expect(await refusal(hosts().claim(host1, chatId))).toBe('conversation_not_found');
  });

  it('shows the conversation with the member and the profile beside it', async () => {
    const profileId = await fictional('Lot');
    const { member, chatId } = await memberWritesTo(profileId);
    const view = await hosts().conversation(host1, { chatId });
    expect(view).toMatchObject({
      chatId,
      unanswered: true,
      member: { id: member.user.profile.id },
      fictional: { id: profileId, name: 'Lot' },
      messages: [{ fromMember: true, text: 'Hi there!' }],
      hasOlder: false,
      lease: null,
    });
  });
});
