import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema/index.ts';
import { buildMember, CLIENT } from '../../test/factories.ts';
import { buildTestApp, type TTestApp } from '../../test/test-app.ts';

// Needs the built web app for the profile page checks (`npm test` builds first).
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
});
afterAll(async () => {
  await t.close();
});

/** A confirmed member with an active profile (visible in search). */
async function activeMember(overrides: Record<string, unknown>) {
  const m = await buildMember(t, overrides);
  await t.services.database.db
    .update(profiles)
    .set({ status: 'active', country: 'NL' })
    .where(eq(profiles.id, m.user.profile.id));
  return m;
}

const ids = (res: { json(): { results: { id: number }[] } }) => res.json().results.map((r) => r.id);

describe('blocking (spec §6)', () => {
  it('hides both members from each other, shows the blocked text, and is undone by unblocking', async () => {
    const anna = await activeMember({ gender: 'female', looking_for: 'male' });
    const ben = await activeMember({ gender: 'male', looking_for: 'female' });
    const search = (cookie: Record<string, string>) =>
      t.app.inject({ url: '/api/search.php?country=NL', headers: CLIENT, cookies: cookie });
    expect(ids(await search(ben.cookie))).toContain(anna.user.profile.id);

    const block = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: anna.cookie,
      payload: { profile_id: ben.user.profile.id },
    });
    expect(block.statusCode).toBe(204);
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

    const unblock = await t.app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: anna.cookie,
      payload: { profile_id: ben.user.profile.id },
    });
    expect(unblock.statusCode).toBe(204);
    expect(ids(await search(ben.cookie))).toContain(anna.user.profile.id);
  });

  it('needs a login, refuses oneself and unknown members, and cannot lift a block made by the other member', async () => {
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: CLIENT,
      payload: { profile_id: 1 },
    });
    expect(anon.json().error).toBe('authentication_required');
    const a = await activeMember({});
    const b = await activeMember({});
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: a.cookie,
      payload: { profile_id: a.user.profile.id },
    });
    expect(self.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: a.cookie,
      payload: { profile_id: 99_999_999 },
    });
    expect(unknown.statusCode).toBe(404);
    await t.app.inject({
      method: 'POST',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: a.cookie,
      payload: { profile_id: b.user.profile.id },
    });
    await t.app.inject({
      method: 'DELETE',
      url: '/api/block.php',
      headers: CLIENT,
      cookies: b.cookie,
      payload: { profile_id: a.user.profile.id },
    });
    expect(await t.services.blocks.relation(b.user.profile.id, a.user.profile.id)).toEqual({
      blockedByMe: false,
      blockedMe: true,
    });
  });
});
