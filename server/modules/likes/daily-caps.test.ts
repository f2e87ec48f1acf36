import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIKES_PER_DAY, NEW_CONVERSATIONS_PER_DAY } from '#common/constants.ts';
import { chatApi } from '#common/wire/chat.ts';
import { likesApi } from '#common/wire/likes.ts';
import { conversations, likes, messages, profiles, users } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

/**
 * Per-account daily caps on likes (every door) and on conversations started, sized for real use; a refused
 * like stores nothing, a refused first message costs nothing and stores nothing; replies are never capped.
 */
let t: TTestApp;
let others: number[];
beforeAll(async () => {
  t = await buildTestApp({ demoProfiles: Math.max(LIKES_PER_DAY, NEW_CONVERSATIONS_PER_DAY) + 5 });
  const rows = await t.services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.status, 'active'), eq(profiles.invisible, false)))
    .orderBy(profiles.id);
  others = rows.map((r) => r.id);
});
afterAll(async () => {
  await t?.close();
});

const like = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(likesApi.like, { profile_id: profileId });
const swipeLike = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(likesApi.swipe, { profile_id: profileId, action: 'like' });

const likesBy = async (profileId: number) =>
  (
    await t.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(likes)
      .where(eq(likes.likerProfileId, profileId))
  )[0].n;

describe('daily cap on likes', () => {
  it('counts /api/like.php and the swipe game together; the cap+1th like is refused and stores no row', async () => {
    expect(others.length).toBeGreaterThan(LIKES_PER_DAY + 2);
    const member = await activeMember(t);
    const me = member.user.profile.id;
    for (const id of others.slice(0, LIKES_PER_DAY - 2)) {
      expect((await like(member.cookie, id)).status).toBe(200);
    }
    for (const id of others.slice(LIKES_PER_DAY - 2, LIKES_PER_DAY)) {
      const swiped = await swipeLike(member.cookie, id);
      expect(swiped.status).toBe(200);
    }
    expect(await likesBy(me)).toBe(LIKES_PER_DAY);
    // A like given again changes nothing and costs nothing.
    expect((await like(member.cookie, others[0])).status).toBe(200);

    const over = await like(member.cookie, others[LIKES_PER_DAY]);
    expect(over.status).toBe(429);
    expect(over.error).toMatchObject({ error: 'daily_limit_reached', data: { limit: LIKES_PER_DAY } });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const swipeOver = await swipeLike(member.cookie, others[LIKES_PER_DAY + 1]);
    expect(swipeOver.error?.error).toBe('daily_limit_reached');
    expect(await likesBy(me)).toBe(LIKES_PER_DAY);

    // Another member's likes are their own.
    const other = await activeMember(t);
    expect((await like(other.cookie, others[LIKES_PER_DAY])).status).toBe(200);
  });
});

describe('daily cap on new conversations', () => {
  it('refuses the cap+1th first message without charging or storing it; replies go on', async () => {
    const sender = await activeMember(t, {}, { credits: 10_000, paidUser: true });
    const send = (to: number, text: string) =>
      asMember(t.app, sender.cookie).call(chatApi.send, { profile_id: to, text });
    for (const to of others.slice(0, NEW_CONVERSATIONS_PER_DAY)) expect((await send(to, 'Hi!')).status).toBe(200);

    const { db } = t.services.database;
    const credits = async () =>
      (await db.select({ c: users.credits }).from(users).where(eq(users.id, sender.user.id)))[0].c;
    const before = await credits();
    const stranger = others[NEW_CONVERSATIONS_PER_DAY];
    const over = await send(stranger, 'Hi stranger!');
    expect(over.status).toBe(429);
    expect(over.error).toMatchObject({ error: 'daily_limit_reached', data: { limit: NEW_CONVERSATIONS_PER_DAY } });
    expect(await credits()).toBe(before);
    const opened = await db.select().from(conversations).where(eq(conversations.startedBy, sender.user.profile.id));
    expect(opened).toHaveLength(NEW_CONVERSATIONS_PER_DAY);
    expect((await db.select().from(messages).where(eq(messages.body, 'Hi stranger!'))).length).toBe(0);

    // A reply in a conversation the member already has is not capped (and is charged as usual).
    const reply = await send(others[0], 'How are you?');
    expect(reply.status).toBe(200);
    expect(await credits()).toBeLessThan(before);
  });
});
