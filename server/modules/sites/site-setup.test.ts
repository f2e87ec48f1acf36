import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitesApi } from '#common/wire/settings-api.ts';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { companies, profiles, sites, users } from '#server/db/schema/index.ts';
import { seedAll } from '#server/db/seed/seed.ts';
import { asVisitor } from '#server/test/member-client.ts';
import { companyInput, siteInput } from '#server/test/site-input.ts';
import { asStaff, enrolledStaff } from '#server/test/staff-client.ts';
import { adminSitesApi } from '#common/wire/admin/sites.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('a production database (SEED_DEMO=false)', () => {
  it('holds no company, site or profile after start-up', async () => {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', SEED_DEMO: 'false', LOG_LEVEL: 'silent' });
    const lines: string[] = [];
    const database = await connectDatabase({
      dataDir: null,
      startup: (db) => seedAll(db, config, (l) => lines.push(l)),
    });
    try {
      const { db } = database;
      for (const table of [companies, sites, profiles, users]) {
        const [{ n }] = await db.select({ n: count() }).from(table);
        expect(n).toBe(0);
      }
      expect(lines).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('before the first site exists', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ baseSites: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers members "being set up" (503, Retry-After), keeps the console reachable, then serves the new site', async () => {
    const page = await t.app.inject({ url: '/members', headers: { ...HTML, 'accept-language': 'de' } });
    expect(page.statusCode).toBe(503);
    expect(page.headers['retry-after']).toBe('30');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Diese Seite wird gerade eingerichtet');

    const api = await asVisitor(t.app).call(sitesApi.settings, {});
    expect(api.status).toBe(503);
    expect(api.error).toMatchObject({ error: 'site_not_configured' });

    // The console's paths are served with the stand-in site: an unknown console API path is a 404, not the 503.
    const admin = await t.app.inject({ url: '/api/admin/nothing-here' });
    expect(admin.statusCode).toBe(404);

    // The owner enrols on the console (any host) and sets the company and the first site up there.
    const owner = await enrolledStaff(t, 'owner');
    const company = await asStaff(t.app, owner).call(adminSitesApi.createCompany, companyInput);
    expect(company.status).toBe(200);
    const site = await asStaff(t.app, owner).call(adminSitesApi.create, siteInput({ company_id: company.body.id }));
    expect(site.body.is_default).toBe(true);
    const audit = await t.services.staff.audit({ limit: 10 });
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['company.create', 'site.create']));

    // Closing signups in the console reaches the member-facing settings (this process at once, others within 30 s).
    const closed = await asStaff(t.app, owner).call(adminSitesApi.update, {
      siteId: site.body.id,
      patch: { signups: 'closed' },
    });
    expect(closed.body.signups).toBe('closed');

    // Any host gets the first (default) site now, in its language.
    const settings = await asVisitor(t.app).call(sitesApi.settings, {}, { headers: { host: 'localhost' } });
    expect(settings.body).toMatchObject({
      domain: 'dating.example',
      name: 'Dating Example',
      domain_language: 'nl',
      signups: 'closed',
    });
    expect(settings.body.fictional_singular).toBe('Fictief profiel');
    const info = await asVisitor(t.app).call(sitesApi.companyInfo);
    expect(info.body).toMatchObject({ name: 'Example Media B.V.', kvk: '12345678', vat_numbers: ['NL123456789B01'] });
    expect((await t.app.inject({ url: '/members', headers: HTML })).statusCode).not.toBe(503);
  });
});
