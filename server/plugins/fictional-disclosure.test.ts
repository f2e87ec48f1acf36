import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../db/schema/index.ts';
import { serverT } from '../lib/i18n.ts';
import { activeMember } from '../test/factories.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first). The pages as the server sends them: the
// disclosure is in the first HTML, never added after hydration (issue 30).
let t: TTestApp;
let cookie: Record<string, string>;
let fictionalId: number;
beforeAll(async () => {
  t = await buildTestApp({ web: true, demoProfiles: 12 });
  cookie = (await activeMember(t, { gender: 'male', looking_for: 'female' })).cookie;
  const [fictional] = await t.services.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.isFictional, true), eq(profiles.status, 'active')))
    .limit(1);
  fictionalId = fictional!.id;
});
afterAll(async () => {
  await t.close();
});

const en = serverT('en');
const get = (url: string) =>
  t.app.inject({ url, headers: { host: 'localhost' }, cookies: { i18n_redirected: 'en', ...cookie } });
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

describe('fictional-profile disclosure in the server-rendered pages, for a logged-in member', () => {
  it("a fictional profile's page carries the singular text and the labelled icon", async () => {
    const res = await get(`/members/${fictionalId}`);
    expect(res.statusCode).toBe(200);
    const body = decode(res.body);
    expect(body).toContain(en('fictional.singular'));
    expect(body).toContain(`role="img" aria-label="${en('fictional.icon_label')}"`);
  });

  it('the credits page carries the general warning, and the compact footer keeps it', async () => {
    const res = await get('/credits');
    expect(res.statusCode).toBe(200);
    const body = decode(res.body);
    expect(body).toContain('fictional-note--warning');
    expect(body).toContain('disclaimer--compact');
    expect(body).toContain(en('fictional.warning', { site: 'Amora' }).slice(0, 40));
  });
});
