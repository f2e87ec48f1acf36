import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchApi } from '#common/wire/search.ts';
import { photos, profiles } from '#server/db/schema/index.ts';
import { activeMember, type TTestMember } from '#server/test/factories.ts';
import { asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { countNicheProfiles, findNicheCards } from './profiles.repository.ts';

// Needs the built web app for the pages (`npm test` builds first).
let t: TTestApp;
/** Gay, consented to the Art. 9 processing, keeps "show my orientation" off: in niche 7, never listed there. */
let quiet: TTestMember;
/** Gay, consented and shows his orientation: he chose to appear on the gay site. */
let open: TTestMember;
/** Straight: in no orientation niche. */
let straight: TTestMember;

/** Gives a member a main photo (the niche lists show members with one). */
async function withMainPhoto(m: TTestMember) {
  const key = randomUUID();
  await t.services.database.db
    .insert(photos)
    .values({ profileId: m.user.profile.id, fileKey: `${key}.jpg`, isMain: true, width: 300, height: 300 });
}

beforeAll(async () => {
  t = await buildTestApp({ web: true });
  const gay = { gender: 'male', looking_for: 'male', orientation_consent: true };
  quiet = await activeMember(t, { ...gay, name: 'quietmarcel' }, { country: 'FR' });
  open = await activeMember(t, { ...gay, name: 'openlucien' }, { country: 'FR' });
  straight = await activeMember(t, { name: 'straightpaul', looking_for: 'female' }, { country: 'FR' });
  await t.services.database.db
    .update(profiles)
    .set({ showSexuality: true })
    .where(eq(profiles.id, open.user.profile.id));
  for (const m of [quiet, open, straight]) await withMainPhoto(m);
});
afterAll(async () => {
  await t.close();
});

const NAMES = ['quietmarcel', 'openlucien', 'straightpaul'];
/** Which of the three members a body names. */
const named = (body: string) => NAMES.filter((n) => body.includes(n));
const get = (host: string, url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host }, cookies });

describe('a niche site lists only members who chose to appear there', () => {
  it('the gay niche lists the member who shows his orientation, not the one who keeps it hidden', async () => {
    const { db } = t.services.database;
    expect((await db.select().from(profiles).where(eq(profiles.id, quiet.user.profile.id)))[0].niches).toEqual([1, 7]);
    expect((await findNicheCards(db, 7, 50)).map((r) => r.name)).toEqual(['openlucien']);
    expect(await countNicheProfiles(db, 7)).toBe(1);
    // The general niche lists all three (it says nothing about orientation).
    expect((await findNicheCards(db, 1, 50)).map((r) => r.name).sort()).toEqual([...NAMES].sort());
    expect(await countNicheProfiles(db, 1)).toBe(3);

    // Turning "show my orientation" on is the choice to appear; off again takes him out.
    await db.update(profiles).set({ showSexuality: true }).where(eq(profiles.id, quiet.user.profile.id));
    expect((await findNicheCards(db, 7, 50)).map((r) => r.name).sort()).toEqual(['openlucien', 'quietmarcel']);
    await db.update(profiles).set({ showSexuality: false }).where(eq(profiles.id, quiet.user.profile.id));
    expect((await findNicheCards(db, 7, 50)).map((r) => r.name)).toEqual(['openlucien']);
    // A fictional profile is no one's personal data: the operator places it in its niche.
    await db.update(profiles).set({ isFictional: true }).where(eq(profiles.id, quiet.user.profile.id));
    expect(await countNicheProfiles(db, 7)).toBe(2);
    await db.update(profiles).set({ isFictional: false }).where(eq(profiles.id, quiet.user.profile.id));
  });

  it('no page of hommes.localhost lists him, to visitors or members; the general site does, without orientation', async () => {
    const viewer = await activeMember(t, { gender: 'male', looking_for: 'male' }, { country: 'FR' });
    const lists = ['/', '/_.data', '/landers/gallery', '/landers/gallery/gay', '/landers/tinderswipe'];
    // A member's home is the search (issue 31): / and its data answer with a redirect there.
    const home = await get('hommes.localhost', '/', viewer.cookie);
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/members');
    for (const cookies of [{}, viewer.cookie]) {
      for (const url of cookies === viewer.cookie ? lists.slice(2) : lists) {
        const res = await get('hommes.localhost', url, cookies);
        expect(res.statusCode, url).toBe(200);
        expect(named(res.body), url).toEqual(['openlucien']);
      }
      // The gay lander of the general site is the same niche: the same rule.
      const lander = await get('localhost', '/landers/gallery/gay', cookies);
      expect(named(lander.body)).toEqual(['openlucien']);
    }
    const general = await get('localhost', '/');
    expect(named(general.body).sort()).toEqual([...NAMES].sort());
    expect(general.body).not.toMatch(/"sexuality":\s*"/);
  });

  it('search and profile pages are the same on every site, so where he appears tells nothing', async () => {
    // Search is not scoped to the site's niche: the niche site finds the same men as the general one.
    const search = (host: string) =>
      asVisitor(t.app).call(searchApi.search, { country: 'FR', gender: 'male' }, { headers: { host } });
    const onNiche = await search('hommes.localhost');
    const onGeneral = await search('localhost');
    expect(onNiche.status).toBe(200);
    expect(named(JSON.stringify(onNiche.body)).sort()).toEqual([...NAMES].sort());
    expect(named(JSON.stringify(onNiche.body)).sort()).toEqual(named(JSON.stringify(onGeneral.body)).sort());
    // His profile opens on the niche site exactly as a straight member's does, without his orientation.
    for (const m of [quiet, straight]) {
      const res = await get('hommes.localhost', `/members/${m.user.profile.id}.data`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(m.user.profile.name);
      expect(res.body).not.toMatch(/"gay"|"sexuality":\s*"/);
    }
  });
});
