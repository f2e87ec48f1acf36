import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath } from '#common/routes.ts';
import { enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first).
let t: TTestApp;
let support: TTestStaff;
let moderator: TTestStaff;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
  support = await enrolledStaff(t, 'support');
  moderator = await enrolledStaff(t, 'moderator');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookies: Record<string, string>, lng = 'en') =>
  t.app.inject({ url, headers: { host: 'localhost' }, cookies: { i18n_redirected: lng, ...cookies } });

describe('console pages: jobs and broadcasts', () => {
  it('shows support the Jobs section and its pages, in their language', async () => {
    const home = await get(adminPath('admin'), support.cookie);
    expect(home.body).toContain(`href="${adminPath('admin-ops')}"`);
    const jobs = await get(adminPath('admin-ops'), support.cookie, 'de');
    expect(jobs.statusCode).toBe(200);
    expect(jobs.body).toContain('Jobs und Rundsendungen');
    const broadcast = await get(adminPath('admin-ops-broadcast'), support.cookie, 'nl');
    expect(broadcast.statusCode).toBe(200);
    expect(broadcast.body).toContain('Een aanbieding of nieuws versturen');
  });

  it('refuses the pages to a role without the section', async () => {
    const home = await get(adminPath('admin'), moderator.cookie);
    expect(home.body).not.toContain(`href="${adminPath('admin-ops')}"`);
    expect((await get(adminPath('admin-ops'), moderator.cookie)).statusCode).toBe(403);
    expect((await get(adminPath('admin-ops-broadcast'), moderator.cookie)).statusCode).toBe(403);
  });
});
