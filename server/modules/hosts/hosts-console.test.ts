import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fictionalProfilesApi } from '#common/wire/admin/fictional-profiles.ts';
import { hostsApi } from '#common/wire/admin/hosts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { users } from '#server/db/schema/index.ts';
import { activeMember, CLIENT } from '#server/test/factories.ts';
import { fictionalFields, siteIds, testImage } from '#server/test/hosts-fixtures.ts';
import { asMember } from '#server/test/member-client.ts';
import { openSocket } from '#server/test/sockets.ts';
import { asStaff, enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
let base: string;
let home: number;
let admin: TTestStaff;
let host1: TTestStaff;
let host2: TTestStaff;

beforeAll(async () => {
  t = await buildTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  home = (await siteIds(t)).home;
  admin = await enrolledStaff(t, 'admin');
  host1 = await enrolledStaff(t, 'host');
  host2 = await enrolledStaff(t, 'host');
});
afterAll(async () => {
  await t.close();
});

const balance = async (userId: number) =>
  (await t.services.database.db.select({ c: users.credits }).from(users).where(eq(users.id, userId)))[0].c;

describe('the hosts console API (issue 30)', () => {
  it('a member writes (charged), a host claims and answers; the member sees it live and pays nothing more', async () => {
    const created = await asStaff(t.app, admin).call(fictionalProfilesApi.createProfile, {
      ...fictionalFields({ name: 'Jade' }),
      siteId: home,
    });
    expect(created.status).toBe(201);
    const profileId = created.body.id;
    const member = await activeMember(t, {}, { credits: 30 });
    const sent = await asMember(t.app, member.cookie).call(chatApi.send, { profile_id: profileId, text: 'Hello Jade' });
    expect(sent.body.credits).toBe(20);
    const chatId = sent.body.message.conversation_id;

    const inbox = await asStaff(t.app, host1).call(hostsApi.inbox, { page: 1 });
    expect(inbox.body.items.map((i) => i.chatId)).toContain(chatId);
    const figures = await asStaff(t.app, host1).call(hostsApi.figures);
    expect(figures.body.sites.find((s) => s.siteId === home)?.unanswered).toBeGreaterThanOrEqual(1);

    const socket = await openSocket(base, member.cookie);
    const claimed = await asStaff(t.app, host1).call(hostsApi.next, {});
    expect(claimed.body.lease).toMatchObject({ chatId, mine: true });
    const second = await asStaff(t.app, host2).call(hostsApi.claim, { chatId });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'conversation_claimed' });

    const view = await asStaff(t.app, host1).call(hostsApi.conversation, { chatId });
    expect(view.body).toMatchObject({ member: { id: member.user.profile.id }, fictional: { id: profileId } });
    const reply = await asStaff(t.app, host1).call(hostsApi.reply, { chatId, text: 'Hi! How are you?' });
    expect(reply.status).toBe(200);
    expect(await socket.next('message')).toMatchObject({ message: { text: 'Hi! How are you?', from_me: false } });
    socket.close();
    expect(await balance(member.user.id)).toBe(20);
    const after = await asStaff(t.app, host1).call(hostsApi.inbox, { page: 1 });
    expect(after.body.items.map((i) => i.chatId)).not.toContain(chatId);
  });

  it('uploads a photo to a fictional profile as multipart, site checked first', async () => {
    const created = await asStaff(t.app, admin).call(fictionalProfilesApi.createProfile, {
      ...fictionalFields(),
      siteId: home,
    });
    const image = await testImage();
    const boundary = 'hostsboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${fictionalProfilesApi.uploadPhoto.path}?profileId=${created.body.id}`,
      headers: { ...CLIENT, 'content-type': `multipart/form-data; boundary=${boundary}` },
      cookies: admin.cookie,
      payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().photos).toHaveLength(1);
  });

  it('refuses members, and staff who are neither hosts nor admins', async () => {
    const member = await activeMember(t);
    expect((await asMember(t.app, member.cookie).call(hostsApi.inbox, { page: 1 })).status).toBe(403);
    const moderator = await enrolledStaff(t, 'moderator');
    expect((await asStaff(t.app, moderator).call(hostsApi.figures)).status).toBe(403);
    expect((await asStaff(t.app, moderator).call(fictionalProfilesApi.profiles, { page: 1 })).status).toBe(403);
  });
});
