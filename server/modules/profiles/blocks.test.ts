import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likesApi } from '#common/wire/likes.ts';
import { profilesApi } from '#common/wire/profiles.ts';
import { searchApi, type TSearchResponse } from '#common/wire/search.ts';
import { likes } from '#server/db/schema/index.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Needs the built web app for the profile page checks (`npm test` builds first).
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
});
afterAll(async () => {
  await t.close();
});

const ids = (res: { body: TSearchResponse }) => res.body.results.map((r) => r.id);
const block = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(profilesApi.block, { profile_id: profileId });
const unblock = (cookie: Record<string, string>, profileId: number) =>
  asMember(t.app, cookie).call(profilesApi.unblock, { profile_id: profileId });

describe('blocking (spec §6)', () => {
  it('hides both members from each other, shows the blocked text, and is undone by unblocking', async () => {
    const anna = await activeMember(t, { gender: 'female', looking_for: 'male' }, { country: 'NL' });
    const ben = await activeMember(t, { gender: 'male', looking_for: 'female' }, { country: 'NL' });
    const search = (cookie: Record<string, string>) =>
      asMember(t.app, cookie).call(searchApi.search, { country: 'NL' });
    expect(ids(await search(ben.cookie))).toContain(anna.user.profile.id);

    const blocked = await block(anna.cookie, ben.user.profile.id);
    expect(blocked.status).toBe(204);
    expect(ids(await search(ben.cookie))).not.toContain(anna.user.profile.id);
    expect(ids(await search(anna.cookie))).not.toContain(ben.user.profile.id);

    const page = await t.app.inject({
      url: `/members/${anna.user.profile.id}`,
      headers: { host: 'localhost' },
      cookies: ben.cookie,
    });
    expect(page.statusCode).toBe(403);
    expect(page.body.replace(/&#x27;|&#39;/g, "'")).toContain(
      `You're blocked by ${anna.user.profile.name}. You do not have access to this page.`,
    );
    const own = await t.app.inject({
      url: `/members/${ben.user.profile.id}`,
      headers: { host: 'localhost' },
      cookies: anna.cookie,
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('Unblock');

    const unblocked = await unblock(anna.cookie, ben.user.profile.id);
    expect(unblocked.status).toBe(204);
    expect(ids(await search(ben.cookie))).toContain(anna.user.profile.id);
  });

  it('leaves the like of a member who blocked the viewer new when the viewer opens that profile', async () => {
    const anna = await activeMember(t, { gender: 'female', looking_for: 'male' }, { country: 'NL' });
    const ben = await activeMember(t, { gender: 'male', looking_for: 'female' }, { country: 'NL' });
    const liked = await asMember(t.app, anna.cookie).call(likesApi.like, { profile_id: ben.user.profile.id });
    expect(liked.status).toBeLessThan(300);
    expect((await block(anna.cookie, ben.user.profile.id)).status).toBe(204);
    const page = await t.app.inject({
      url: `/members/${anna.user.profile.id}`,
      headers: { host: 'localhost' },
      cookies: ben.cookie,
    });
    expect(page.statusCode).toBe(403);
    const [like] = await t.services.database.db
      .select({ isNew: likes.isNew })
      .from(likes)
      .where(and(eq(likes.likerProfileId, anna.user.profile.id), eq(likes.likedProfileId, ben.user.profile.id)));
    // Ben never saw Anna's profile, so her like is not seen either (it must not be cleared behind the block).
    expect(like).toEqual({ isNew: true });
  });

  it('applies the profile screen rules in one service call: own view, blocked either way, like seen only unblocked', async () => {
    const anna = await activeMember(t, { gender: 'female', looking_for: 'male' }, { country: 'NL' });
    const ben = await activeMember(t, { gender: 'male', looking_for: 'female' }, { country: 'NL' });
    const site = { cdnPrefix: '', locale: 'en' as const };
    const asAnna = { profileId: anna.user.profile.id, isPremium: false };
    const asBen = { profileId: ben.user.profile.id, isPremium: false };
    const isNew = async () =>
      (
        await t.services.database.db
          .select({ isNew: likes.isNew })
          .from(likes)
          .where(and(eq(likes.likerProfileId, ben.user.profile.id), eq(likes.likedProfileId, anna.user.profile.id)))
      )[0]?.isNew;
    expect(await t.services.profiles.viewProfile(asAnna, 99_999_999, site)).toBeNull();
    expect(await t.services.profiles.viewProfile(asAnna, anna.user.profile.id, site)).toMatchObject({
      kind: 'visible',
      canBlock: false,
      like: null,
      profile: { id: anna.user.profile.id, country_name: 'The Netherlands' },
    });
    await t.services.likes.like({ profileId: ben.user.profile.id, isPremium: false }, anna.user.profile.id);
    await t.services.blocks.block(anna.user.profile.id, ben.user.profile.id);
    expect(await t.services.profiles.viewProfile(asBen, anna.user.profile.id, site)).toEqual({
      kind: 'blocked_by',
      name: anna.user.profile.name,
    });
    expect(await t.services.profiles.viewProfile(asAnna, ben.user.profile.id, site)).toMatchObject({
      kind: 'visible',
      blockedByMe: true,
      canBlock: true,
      like: { liked: false, likedBy: true },
    });
    expect(await isNew()).toBe(true);
    await t.services.blocks.unblock(anna.user.profile.id, ben.user.profile.id);
    await t.services.profiles.viewProfile(asAnna, ben.user.profile.id, site);
    expect(await isNew()).toBe(false);
  });

  it('needs a login, refuses oneself and unknown members, and cannot lift a block made by the other member', async () => {
    const anon = await asVisitor(t.app).call(profilesApi.block, { profile_id: 1 });
    expect(anon.error?.error).toBe('authentication_required');
    const a = await activeMember(t, {}, { country: 'NL' });
    const b = await activeMember(t, {}, { country: 'NL' });
    const self = await block(a.cookie, a.user.profile.id);
    expect(self.status).toBe(400);
    const unknown = await block(a.cookie, 99_999_999);
    expect(unknown.status).toBe(404);
    await block(a.cookie, b.user.profile.id);
    await unblock(b.cookie, a.user.profile.id);
    expect(await t.services.blocks.relation(b.user.profile.id, a.user.profile.id)).toEqual({
      blockedByMe: false,
      blockedMe: true,
    });
  });
});
