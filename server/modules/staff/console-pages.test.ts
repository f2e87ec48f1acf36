import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPath } from '#common/routes.ts';
import { activeMember } from '#server/test/factories.ts';
import { enrolledStaff, type TTestStaff } from '#server/test/staff-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first).
let t: TTestApp;
let owner: TTestStaff;
let host: TTestStaff;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
  owner = await enrolledStaff(t, 'owner');
  host = await enrolledStaff(t, 'host');
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookies: Record<string, string> = {}, lng = 'en') =>
  t.app.inject({ url, headers: { host: 'localhost' }, cookies: { i18n_redirected: lng, ...cookies } });

describe('console pages', () => {
  it('sends visitors and members to the console login, and back afterwards', async () => {
    const member = await activeMember(t);
    for (const cookies of [{}, member.cookie]) {
      const res = await get(adminPath('admin-staff'), cookies);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(adminPath('admin-login', { redirect: adminPath('admin-staff') }));
    }
  });

  it('renders the login in the visitor’s language from the console catalogue, never indexed', async () => {
    const de = await get(adminPath('admin-login'), {}, 'de');
    expect(de.statusCode).toBe(200);
    expect(de.body).toContain('<html lang="de"');
    expect(de.body).toMatch(/Anmeldung|Anmelden/);
    expect(de.body).toContain('noindex');
    const pl = await get(adminPath('admin-login'), {}, 'pl');
    expect(pl.body).not.toContain('Console login');
  });

  it('shows each role only its sections, and refuses a section’s page to other roles', async () => {
    const home = await get(adminPath('admin'), owner.cookie);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`href="${adminPath('admin-staff')}"`);
    expect(home.body).toContain(`href="${adminPath('admin-audit')}"`);
    const hostHome = await get(adminPath('admin'), host.cookie);
    expect(hostHome.statusCode).toBe(200);
    expect(hostHome.body).not.toContain(`href="${adminPath('admin-staff')}"`);
    expect((await get(adminPath('admin-staff'), host.cookie)).statusCode).toBe(403);
    expect((await get(adminPath('admin-staff'), owner.cookie)).statusCode).toBe(200);
  });

  it('an enrolment link page changes nothing by being opened', async () => {
    const { enrolToken } = await t.services.staff.invite(null, {
      email: 'link-check@staff.example',
      name: 'Link Check',
      role: 'support',
      siteIds: [],
    });
    for (let i = 0; i < 2; i++) {
      const res = await get(adminPath('admin-enrol', { token: enrolToken }));
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('link-check@staff.example');
    }
    expect(await t.services.staffAuth.enrolment(enrolToken)).not.toBeNull();
  });

  it('member pages load nothing of the console (built chunks)', async () => {
    const member = await activeMember(t);
    const assets = path.resolve('build/client');
    const consoleMarker = '/api/admin/';
    const pages: [string, Record<string, string>][] = [
      ['/', {}],
      ['/login', {}],
      ['/signup', {}],
      ['/members', member.cookie],
      ['/chats', member.cookie],
      ['/credits', member.cookie],
    ];
    for (const [page, cookies] of pages) {
      const res = await get(page, cookies);
      // Every script the page names: the starter's list of module preloads and the imports of the module script
      // (web/lib/script-priority.server.ts), wherever they appear in the document.
      const files = [...new Set([...res.body.matchAll(/\/assets\/[\w.-]+\.js/g)].map((m) => m[0]))];
      expect(files.length, page).toBeGreaterThan(0);
      for (const file of files) {
        const code = fs.readFileSync(path.join(assets, file), 'utf8');
        expect(code.includes(consoleMarker), `${page} loads ${file}`).toBe(false);
      }
    }
    // The marker is found where it should be: the console's own chunks.
    const all = fs.readdirSync(path.join(assets, 'assets')).filter((f) => f.endsWith('.js'));
    const withConsole = all.filter((f) =>
      fs.readFileSync(path.join(assets, 'assets', f), 'utf8').includes(consoleMarker),
    );
    expect(withConsole.length).toBeGreaterThan(0);
  });
});
