import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath } from '#common/routes.ts';
import { enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first).
let t: TTestApp;
let host: TTestStaff;
let admin: TTestStaff;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
  host = await enrolledStaff(t, 'host');
  admin = await enrolledStaff(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookies: Record<string, string>, lng = 'en') =>
  t.app.inject({ url, headers: { host: 'localhost' }, cookies: { i18n_redirected: lng, ...cookies } });

describe('hosts console pages (issue 30)', () => {
  it('shows hosts the inbox and the fictional profiles, in their language', async () => {
    const inbox = await get(adminPath('admin-hosts'), host.cookie, 'de');
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body).toContain('Posteingang Chat-Betreuung');
    expect(inbox.body).toContain(`href="${adminPath('admin-hosts-profiles')}"`);
    expect((await get(adminPath('admin-hosts-chat', { chatId: 1 }), host.cookie)).statusCode).toBe(200);
    expect((await get(adminPath('admin-hosts-profile'), host.cookie)).statusCode).toBe(200);
  });

  it('gives admins the fictional profiles but not the inbox', async () => {
    expect((await get(adminPath('admin-hosts-profiles'), admin.cookie)).statusCode).toBe(200);
    expect((await get(adminPath('admin-hosts-profile', { profileId: 1 }), admin.cookie)).statusCode).toBe(200);
    expect((await get(adminPath('admin-hosts'), admin.cookie)).statusCode).toBe(403);
  });
});
