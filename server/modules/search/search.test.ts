import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpointInput } from '#common/endpoint.ts';
import { searchApi } from '#common/wire/search.ts';
import { profiles } from '#server/db/schema/index.ts';
import { buildMember, CLIENT } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoProfiles: 60, web: true });
});
afterAll(async () => {
  await t.close();
});

describe('member search (GET /api/search.php)', () => {
  const search = (query: TEndpointInput<typeof searchApi.search> = {}, cookie?: Record<string, string>) =>
    asMember(t.app, cookie).call(searchApi.search, query);

  it('filters by gender, country and age, with pages and the total', async () => {
    const all = (await search()).body;
    expect(all.numResults).toBeGreaterThanOrEqual(60);
    expect(all.results).toHaveLength(24);
    const page3 = (await search({ page: 3 })).body;
    expect(page3.page).toBe(3);
    expect(page3.results.map((r) => r.id)).not.toEqual(expect.arrayContaining([all.results[0].id]));
    const women = (await search({ gender: 'female', min_age: 30, max_age: 40 })).body;
    expect(women.numResults).toBeGreaterThan(0);
    for (const r of women.results) {
      expect(r.gender).toBe('female');
      expect(r.age).toBeGreaterThanOrEqual(30);
      expect(r.age).toBeLessThanOrEqual(40);
    }
    const sorted = (await search({ min_age: 40, max_age: 30 })).body;
    expect(sorted.numResults).toBe((await search({ min_age: 30, max_age: 40 })).body.numResults);
  });

  it('filters by country and region, and suggests similar members when few match', async () => {
    const any = (await search()).body.results[0];
    const inCountry = (await search({ country: any.country.toLowerCase() })).body;
    expect(inCountry.results.every((r) => r.country === any.country)).toBe(true);
    const none = (await search({ country: any.country, countryregion: 'ZZZ' })).body;
    expect(none.numResults).toBe(0);
    expect(none.similar.length).toBeGreaterThan(0);
    expect(none.similar.every((r) => r.country === any.country)).toBe(true);
  });

  it('ignores malformed filters instead of failing', async () => {
    // Values the query type refuses: sent raw, as a hand-edited URL would.
    const res = await t.app.inject({
      url: '/api/search.php?gender=robot&country=Netherlands&min_age=abc&page=-4',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toBe(1);
  });

  it('never shows invisible or disabled members, nor the searching member', async () => {
    const { cookie, user } = await buildMember(t, { gender: 'male', looking_for: 'female' });
    const db = t.services.database.db;
    const [first] = (await search()).body.results;
    await db.update(profiles).set({ invisible: true }).where(eq(profiles.id, first.id));
    const after = (await search({}, cookie)).body;
    expect(after.results.map((r) => r.id)).not.toContain(first.id);
    expect(after.results.map((r) => r.id)).not.toContain(user.profile.id);
    await db.update(profiles).set({ invisible: false }).where(eq(profiles.id, first.id));
  });

  it('follows the logged-out search rule of spec §4', async () => {
    const db = t.services.database.db;
    const { sites } = await import('#server/db/schema/index.ts');
    const set = async (loggedOutSearch: string, trafficsource: string) => {
      await db
        .update(sites)
        .set({ loggedOutSearch, loggedOutSearchTrafficsource: trafficsource })
        .where(eq(sites.domain, 'localhost'));
      t.services.sites.invalidate();
    };
    await set('none', 'none');
    expect((await search()).error?.error).toBe('authentication_required');
    await set('none', 'all');
    expect((await search()).status).toBe(403);
    expect((await search({ network: 'ads' })).status).toBe(200);
    const { cookie } = await buildMember(t);
    await set('none', 'none');
    expect((await search({}, cookie)).status).toBe(200);
    await set('all', 'none');
  });
});

describe('the default search of a member', () => {
  it('starts from the gender they look for, with or without the Art. 9 consent, then from their last filters', async () => {
    const { user } = await buildMember(t, { gender: 'male', looking_for: 'female', orientation_consent: false });
    const profileId = user.profile.id as number;
    expect((await t.services.search.defaultQuery(profileId)).gender).toBe('female');
    const both = await buildMember(t, { gender: 'male', looking_for: 'both', orientation_consent: true });
    expect((await t.services.search.defaultQuery(both.user.profile.id)).gender).toBeUndefined();
    await t.services.search.rememberFilters(profileId, { gender: undefined, country: 'NL', min_age: 30, page: 2 });
    expect(await t.services.search.defaultQuery(profileId)).toEqual({ country: 'NL', min_age: 30, page: 1 });
  });

  it('opens /members with the default and remembers a search with filters', async () => {
    const { user, cookie } = await buildMember(t, {
      gender: 'female',
      looking_for: 'male',
      orientation_consent: false,
    });
    const first = await t.app.inject({ url: '/members', headers: CLIENT, cookies: cookie });
    expect(first.statusCode).toBe(200);
    expect(first.body).toMatch(/<option value="male" selected="">/);
    await t.app.inject({ url: '/members?gender=&country=DE', headers: CLIENT, cookies: cookie });
    const [row] = await t.services.database.db
      .select({ filters: profiles.searchFilters })
      .from(profiles)
      .where(eq(profiles.id, user.profile.id));
    expect(row.filters).toMatchObject({ gender: '', country: 'DE' });
    const again = await t.app.inject({ url: '/members', headers: CLIENT, cookies: cookie });
    expect(again.body).toMatch(/<option value="DE" selected="">/);
  });
});
