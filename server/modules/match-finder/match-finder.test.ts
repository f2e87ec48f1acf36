import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles } from '#server/db/schema/index.ts';
import { buildMember, CLIENT } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
});
afterAll(async () => {
  await t.close();
});

/** A visible member with a main photo and the given place, interests and birth date. */
async function candidate(values: Partial<typeof profiles.$inferInsert>) {
  const [row] = await t.services.database.db
    .insert(profiles)
    .values({
      name: `cand${randomUUID().slice(0, 6)}`,
      gender: 'male',
      sexuality: 'hetero',
      birthDate: '1990-01-01',
      country: 'NL',
      locale: 'nl',
      status: 'active',
      ...values,
    })
    .returning({ id: profiles.id });
  await t.services.database.db
    .insert(photos)
    .values({ profileId: row.id, fileKey: randomUUID(), isMain: true, width: 10, height: 10 });
  return row.id;
}

describe('match finder (spec §2)', () => {
  it('ranks same region first, then same country, then shared interests, then closeness in age', async () => {
    const me = await buildMember(t, { gender: 'female', looking_for: 'male' });
    await t.services.database.db
      .update(profiles)
      .set({ country: 'NL', regionCode: 'NH', interests: ['hiking', 'coffee', 'wine'], birthDate: '1990-01-01' })
      .where(eq(profiles.id, me.user.profile.id));
    const farAway = await candidate({ country: 'DE', regionCode: 'BY', interests: ['hiking', 'coffee', 'wine'] });
    const sameCountry = await candidate({ regionCode: 'ZH', interests: [] });
    const sameRegion = await candidate({ regionCode: 'NH', interests: [], birthDate: '1960-01-01' });
    const sameRegionShared = await candidate({
      regionCode: 'NH',
      interests: ['hiking', 'wine'],
      birthDate: '1970-01-01',
    });
    const woman = await candidate({ gender: 'female', regionCode: 'NH', interests: ['hiking'] });
    const cards = await t.services.matchFinder.suggestionsFor(me.user.profile.id, '', { limit: 200 });
    const order = cards
      .map((c) => c.id)
      .filter((id) => [farAway, sameCountry, sameRegion, sameRegionShared].includes(id));
    expect(order.slice(0, 2)).toEqual([sameRegionShared, sameRegion]);
    expect(order.indexOf(sameCountry)).toBeLessThan(order.indexOf(farAway));
    expect(cards.map((c) => c.id)).not.toContain(woman);
    expect(cards.map((c) => c.id)).not.toContain(me.user.profile.id);
  });

  it('pages through the viewer’s country and then the others as one list', async () => {
    const me = await buildMember(t, { gender: 'female', looking_for: 'male' });
    await t.services.database.db
      .update(profiles)
      .set({ country: 'BE', regionCode: 'VAN', interests: ['beer'] })
      .where(eq(profiles.id, me.user.profile.id));
    for (const country of ['BE', 'BE', 'BE', 'FR', 'FR']) await candidate({ country, regionCode: '' });
    const all = (await t.services.matchFinder.suggestionsFor(me.user.profile.id, '', { limit: 500 })).map((c) => c.id);
    expect(all.length).toBeGreaterThanOrEqual(5);
    const paged: number[] = [];
    for (let offset = 0; offset < all.length; offset += 2) {
      const page = await t.services.matchFinder.suggestionsFor(me.user.profile.id, '', { limit: 2, offset });
      paged.push(...page.map((c) => c.id));
    }
    expect(paged).toEqual(all);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it('serves /match-finder to members only, with pages', async () => {
    const visitor = await t.app.inject({ url: '/match-finder', headers: { host: 'localhost' } });
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe('/login?redirect=%2Fmatch-finder');
    const me = await buildMember(t, { gender: 'female', looking_for: 'male' });
    const page = await t.app.inject({ url: '/match-finder?page=2', headers: CLIENT, cookies: me.cookie });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1');
  });

  it('suggests whom a member looks for even without the Art. 9 consent', async () => {
    const me = await buildMember(t, { gender: 'male', looking_for: 'female', orientation_consent: false });
    const [row] = await t.services.database.db
      .select({ sexuality: profiles.sexuality, seeking: profiles.seeking })
      .from(profiles)
      .where(eq(profiles.id, me.user.profile.id));
    expect(row).toEqual({ sexuality: null, seeking: 'female' });
    const woman = await candidate({ gender: 'female', sexuality: null });
    const man = await candidate({ gender: 'male', sexuality: null });
    const ids = (await t.services.matchFinder.suggestionsFor(me.user.profile.id, '', { limit: 500 })).map((c) => c.id);
    expect(ids).toContain(woman);
    expect(ids).not.toContain(man);
  });
});
