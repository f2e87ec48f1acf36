import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { buildMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoProfiles: 60 });
});
afterAll(async () => {
  await t.close();
});

describe('member search (GET /api/search.php)', () => {
  const search = (query: string, cookies?: Record<string, string>) =>
    t.app.inject({ url: `/api/search.php?${query}`, headers: { host: 'localhost' }, cookies });

  it('filters by gender, country and age, with pages and the total', async () => {
    const all = (await search('')).json();
    expect(all.numResults).toBeGreaterThanOrEqual(60);
    expect(all.results).toHaveLength(24);
    const page3 = (await search('page=3')).json();
    expect(page3.page).toBe(3);
    expect(page3.results.map((r: { id: number }) => r.id)).not.toEqual(expect.arrayContaining([all.results[0].id]));
    const women = (await search('gender=female&min_age=30&max_age=40')).json();
    expect(women.numResults).toBeGreaterThan(0);
    for (const r of women.results) {
      expect(r.gender).toBe('female');
      expect(r.age).toBeGreaterThanOrEqual(30);
      expect(r.age).toBeLessThanOrEqual(40);
    }
    const sorted = (await search('min_age=40&max_age=30')).json();
    expect(sorted.numResults).toBe((await search('min_age=30&max_age=40')).json().numResults);
  });

  it('filters by country and region, and suggests similar members when few match', async () => {
    const any = (await search('')).json().results[0];
    const inCountry = (await search(`country=${any.country.toLowerCase()}`)).json();
    expect(inCountry.results.every((r: { country: string }) => r.country === any.country)).toBe(true);
    const none = (await search(`country=${any.country}&countryregion=ZZZ`)).json();
    expect(none.numResults).toBe(0);
    expect(none.similar.length).toBeGreaterThan(0);
    expect(none.similar.every((r: { country: string }) => r.country === any.country)).toBe(true);
  });

  it('ignores malformed filters instead of failing', async () => {
    const res = await search('gender=robot&country=Netherlands&min_age=abc&page=-4');
    expect(res.statusCode).toBe(200);
    expect(res.json().page).toBe(1);
  });

  it('never shows invisible or disabled members, nor the searching member', async () => {
    const { cookie, user } = await buildMember(t, { gender: 'male', looking_for: 'female' });
    const db = t.services.database.db;
    const [first] = (await search('')).json().results;
    await db.update(profiles).set({ invisible: true }).where(eq(profiles.id, first.id));
    const after = (await search('', cookie)).json();
    expect(after.results.map((r: { id: number }) => r.id)).not.toContain(first.id);
    expect(after.results.map((r: { id: number }) => r.id)).not.toContain(user.profile.id);
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
    expect((await search('')).json().error).toBe('authentication_required');
    await set('none', 'all');
    expect((await search('')).statusCode).toBe(403);
    expect((await search('network=ads')).statusCode).toBe(200);
    const { cookie } = await buildMember(t);
    await set('none', 'none');
    expect((await search('', cookie)).statusCode).toBe(200);
    await set('all', 'none');
  });
});
