import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoProfiles: 16 });
});
afterAll(async () => {
  await t.close();
});

describe('the profile screen sends what it renders (issue 32)', () => {
  it('carries the related members once, beside the profile', async () => {
    const search = await t.app.inject({ url: '/api/search.php', headers: { 'x-requested-with': 'amora' } });
    const id = (search.json() as { results: { id: number }[] }).results[0].id;
    const view = await t.services.profiles.viewProfile(undefined, id, { cdnPrefix: '', locale: 'en' });
    if (view?.kind !== 'visible') throw new Error('expected a visible profile');
    expect(view.related.length).toBeGreaterThan(0);
    expect(view.profile).not.toHaveProperty('related');
  });
});
