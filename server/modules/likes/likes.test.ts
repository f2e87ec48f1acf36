import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberChannel } from '#common/likes.ts';
import { likes, photos, profiles, users } from '#server/db/schema/index.ts';
import type { TRealtimeEvent } from '#server/realtime/hub.ts';
import { likesApi } from '#common/wire/likes.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const like = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(likesApi.like, { profile_id: profileId });
const unlike = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(likesApi.unlike, { profile_id: profileId });
const list = async (cookie: Record<string, string>) => (await asMember(t.app, cookie).call(likesApi.list)).body;

describe('likes and matches (spec §3)', () => {
  it('likes, tells the other member at once, becomes a match when mutual, and can be taken back', async () => {
    const anna = await activeMember(t, { gender: 'female', looking_for: 'male' });
    const ben = await activeMember(t, { gender: 'male', looking_for: 'female' });
    const a = anna.user.profile.id;
    const b = ben.user.profile.id;
    const events: TRealtimeEvent[] = [];
    const stop = await t.services.realtime.subscribe(memberChannel(b), (e) => events.push(e));

    const first = await like(anna.cookie, b);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ match: false });
    expect((await like(anna.cookie, b)).body).toEqual({ match: false }); // idempotent
    // Through Redis events arrive a moment after the answer (a publish never holds the request): a marker published
    // after both likes arrives after anything they published.
    await t.services.realtime.publish(memberChannel(b), { type: 'marker' });
    await expect.poll(() => events.length).toBe(2);
    expect(events).toEqual([{ type: 'like', profile_id: a }, { type: 'marker' }]);

    const benSees = await list(ben.cookie);
    expect(benSees.liked_by).toEqual([{ id: a, like_new: true }]);
    expect(benSees.profiles[0]).toMatchObject({ id: a, state: 'received', like_new: true });
    expect((await list(anna.cookie)).profiles[0]).toMatchObject({ id: b, state: 'liked', like_new: false });

    const back = await like(ben.cookie, a);
    expect(back.body).toEqual({ match: true });
    expect((await list(anna.cookie)).profiles[0]).toMatchObject({ id: b, state: 'match', like_new: true });
    expect((await list(ben.cookie)).profiles[0]).toMatchObject({ id: a, state: 'match' });

    expect((await unlike(anna.cookie, b)).status).toBe(204);
    expect((await list(ben.cookie)).profiles[0]).toMatchObject({ id: a, state: 'liked' });
    expect((await list(anna.cookie)).profiles[0]).toMatchObject({ id: b, state: 'received' });
    await stop();
  });

  it('clears the new-like flag when the liked member opens the liker’s profile', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t);
    await like(anna.cookie, ben.user.profile.id);
    await t.services.likes.markSeen(ben.user.profile.id, anna.user.profile.id);
    expect((await list(ben.cookie)).liked_by).toEqual([{ id: anna.user.profile.id, like_new: false }]);
  });

  it('refuses oneself, hidden, unknown and blocked members, and needs a login', async () => {
    const anna = await activeMember(t);
    const hidden = await activeMember(t);
    await t.services.database.db
      .update(profiles)
      .set({ invisible: true })
      .where(eq(profiles.id, hidden.user.profile.id));
    const blocker = await activeMember(t);
    await t.services.blocks.block(blocker.user.profile.id, anna.user.profile.id);
    expect((await like(anna.cookie, anna.user.profile.id)).status).toBe(400);
    for (const id of [hidden.user.profile.id, 99_999_999, blocker.user.profile.id]) {
      const res = await like(anna.cookie, id);
      expect(res.status, String(id)).toBe(404);
      expect(res.error?.error).toBe('profile_not_found');
    }
    expect((await like({}, blocker.user.profile.id)).status).toBe(403);
    const stored = await t.services.database.db
      .select()
      .from(likes)
      .where(eq(likes.likerProfileId, anna.user.profile.id));
    expect(stored).toEqual([]);
  });

  it('hides members from the lists once a block exists, either way', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t);
    await like(ben.cookie, anna.user.profile.id);
    expect((await list(anna.cookie)).profiles).toHaveLength(1);
    await t.services.blocks.block(anna.user.profile.id, ben.user.profile.id);
    expect(await list(anna.cookie)).toEqual({ profiles: [], liked_by: [] });
    expect((await list(ben.cookie)).profiles).toEqual([]);
  });
});

describe('auto-like (spec §4)', () => {
  it('has a fictional member of the sought gender like the member, once a day', async () => {
    const me = await activeMember(t, { gender: 'male', looking_for: 'female' });
    const [fictional] = await t.services.database.db
      .insert(profiles)
      .values({
        name: 'Fee',
        gender: 'female',
        sexuality: 'hetero',
        birthDate: '1992-02-02',
        country: 'NL',
        locale: 'nl',
        isFictional: true,
      })
      .returning({ id: profiles.id });
    await t.services.database.db
      .insert(photos)
      .values({ profileId: fictional.id, fileKey: randomUUID(), isMain: true, width: 10, height: 10 });
    const first = await asMember(t.app, me.cookie).call(likesApi.autoLike);
    expect(first.body.profile?.id).toBe(fictional.id);
    expect(first.body.profile?.main_image?.filename).toMatch(/^\/media\//);
    const again = await asMember(t.app, me.cookie).call(likesApi.autoLike);
    expect(again.body.profile?.id).toBe(fictional.id);
    const rows = await t.services.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.likedProfileId, me.user.profile.id), eq(likes.source, 'auto')));
    expect(rows).toHaveLength(1);
    expect((await list(me.cookie)).liked_by).toEqual([{ id: fictional.id, like_new: true }]);
  });
});

describe('swipe game (spec §2/§9)', () => {
  async function women(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const [row] = await t.services.database.db
        .insert(profiles)
        .values({
          name: `swipe${i}`,
          gender: 'female',
          sexuality: 'hetero',
          birthDate: '1994-04-04',
          country: 'SE',
          locale: 'sv',
          status: 'active',
        })
        .returning({ id: profiles.id });
      await t.services.database.db
        .insert(photos)
        .values({ profileId: row.id, fileKey: randomUUID(), isMain: true, width: 10, height: 10 });
      ids.push(row.id);
    }
    return ids;
  }
  const swipe = (cookie: Record<string, string>, profileId: number, action: 'like' | 'pass') =>
    asMember(t.app, cookie).call(likesApi.swipe, { profile_id: profileId, action });
  const cards = async (cookie: Record<string, string>) =>
    (await asMember(t.app, cookie).call(likesApi.swipeCards)).body;

  it(`gives a free member exactly 4 likes a day, even when swiping in parallel; passes are free and not shown again ${CONCURRENCY_PROOF}`, async () => {
    const me = await activeMember(t, { gender: 'male', looking_for: 'female' });
    const ids = await women(8);
    const stack = await cards(me.cookie);
    expect(stack.likes_left).toBe(4);
    expect(stack.cards.map((c) => c.id)).toEqual(expect.arrayContaining(ids));

    const pass = await swipe(me.cookie, ids[0], 'pass');
    expect(pass.body).toMatchObject({ match: false, likes_left: 4 });
    // The likes return at the next midnight (UTC), which the page shows in the member's local time.
    const resetAt = new Date(pass.body!.likes_reset_at);
    expect(resetAt.toISOString()).toMatch(/T00:00:00\.000Z$/);
    expect(resetAt.getTime() - Date.now()).toBeGreaterThan(0);
    expect(resetAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const results = await Promise.all(ids.slice(1).map((id) => swipe(me.cookie, id, 'like')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(4);
    const refused = results.filter((r) => r.status === 403);
    expect(refused).toHaveLength(3);
    expect(refused[0].body).toMatchObject({
      error: 'premium_required',
      data: { limit: 4, likes_reset_at: pass.body!.likes_reset_at },
    });
    expect(refused[0].error?.message).toBe('This feature is only available for premium members.');
    const swiped = await t.services.database.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerProfileId, me.user.profile.id), eq(likes.source, 'swipe')));
    expect(swiped).toHaveLength(4);

    const after = await cards(me.cookie);
    expect(after.likes_left).toBe(0);
    const shown = after.cards.map((c) => c.id);
    expect(shown).not.toContain(ids[0]); // passed
    for (const liked of swiped) expect(shown).not.toContain(liked.likedProfileId);
  });

  it('has no daily limit for premium members and reports a match', async () => {
    const me = await activeMember(t, { gender: 'male', looking_for: 'female' });
    await t.services.database.db.update(users).set({ paidUser: true }).where(eq(users.id, me.user.id));
    const ids = await women(6);
    await t.services.likes.like({ profileId: ids[5], isPremium: false }, me.user.profile.id);
    for (const id of ids.slice(0, 5)) expect((await swipe(me.cookie, id, 'like')).status).toBe(200);
    expect((await swipe(me.cookie, ids[5], 'like')).body).toMatchObject({ match: true, likes_left: null });
    expect((await cards(me.cookie)).likes_left).toBeNull();
  });

  it('keeps the likes a visitor made on the swipe lander as swipe likes, within the free daily swipe likes', async () => {
    const me = await activeMember(t, { gender: 'male', looking_for: 'female' });
    const ids = await women(6);
    const claim = (profileIds: number[]) =>
      asMember(t.app, me.cookie).call(likesApi.landerLikes, { profile_ids: profileIds });
    // Oneself and an unknown member are skipped; a repeated id counts once; past the 4 free likes the rest is dropped.
    const answer = await claim([me.user.profile.id, 999_999_999, ids[0], ids[0], ...ids.slice(1)]);
    expect(answer.body).toEqual({ stored: 4 });
    const kept = await t.services.database.db
      .select({ id: likes.likedProfileId, source: likes.source })
      .from(likes)
      .where(eq(likes.likerProfileId, me.user.profile.id));
    expect(kept.map((k) => k.id).sort()).toEqual(ids.slice(0, 4).sort());
    expect(new Set(kept.map((k) => k.source))).toEqual(new Set(['swipe']));
    expect((await cards(me.cookie)).likes_left).toBe(0);
  });
});

describe('the match moment for the other member', () => {
  it('remembers a match the other member made until its screen was shown, for the member who liked first only', async () => {
    const anna = await activeMember(t, { gender: 'female', looking_for: 'male' });
    const ben = await activeMember(t, { gender: 'male', looking_for: 'female' });
    const a = anna.user.profile.id;
    const b = ben.user.profile.id;
    const newMatches = async (cookie: Record<string, string>) =>
      (await asMember(t.app, cookie).call(likesApi.newMatches)).body!.profiles;
    await like(anna.cookie, b);
    expect(await newMatches(anna.cookie)).toEqual([]); // a like is not a match yet
    // Distinct creation times, as two requests have in real life.
    await t.services.database.db.execute(
      sql`update likes set created_at = created_at - interval '1 minute' where liker_profile_id = ${a}`,
    );
    expect((await like(ben.cookie, a)).body).toEqual({ match: true });
    expect(await newMatches(anna.cookie)).toEqual([{ id: b, name: ben.user.profile.name, main_image: null }]);
    // Ben made the match on his own screen: nothing is waiting for him.
    expect(await newMatches(ben.cookie)).toEqual([]);
    // Ben cannot clear Anna's match; Anna's screen showing it does.
    await asMember(t.app, ben.cookie).call(likesApi.matchSeen, { profile_id: b });
    expect(await newMatches(anna.cookie)).toHaveLength(1);
    expect((await asMember(t.app, anna.cookie).call(likesApi.matchSeen, { profile_id: b })).status).toBe(204);
    expect(await newMatches(anna.cookie)).toEqual([]);
    expect((await list(anna.cookie)).liked_by).toEqual([{ id: b, like_new: false }]);
  });
});
