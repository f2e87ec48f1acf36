import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents, profiles } from '#server/db/schema/index.ts';
import { activeMember, CLIENT, type TTestMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Needs the built web app for the pages (`npm test` builds first).
let t: TTestApp;
let gay: TTestMember;
beforeAll(async () => {
  t = await buildTestApp({ web: true });
  // A gay member who consented and chose to show their orientation: the strongest case for hiding it from visitors.
  gay = await activeMember(t, { gender: 'male', looking_for: 'male', orientation_consent: true }, { country: 'NL' });
  await t.services.database.db
    .update(profiles)
    .set({ showSexuality: true, city: 'Haarlem', regionCode: 'NH' })
    .where(eq(profiles.id, gay.user.profile.id));
});
afterAll(async () => {
  await t.close();
});

const page = (url: string, cookies: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { host: 'localhost' }, cookies });
/** The orientation as the profile screen prints it (label and value) or as any JSON would carry it. */
const ORIENTATION = [/Sexuality/, /\bGay\b/, /"sexuality":\s*"/, /"gay"/];
const expectNoOrientation = (body: string, where: string) => {
  for (const pattern of ORIENTATION) expect(body, `${where} ${pattern}`).not.toMatch(pattern);
};

describe('orientation is never shown to visitors', () => {
  it('the logged-out profile screen and its data omit it; a member sees it only while the owner shows it', async () => {
    const id = gay.user.profile.id;
    const visitor = await page(`/members/${id}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toContain(gay.user.profile.name);
    expectNoOrientation(visitor.body, 'page');
    const data = await page(`/members/${id}.data`);
    expect(data.statusCode).toBe(200);
    expect(data.body).toContain(gay.user.profile.name);
    expectNoOrientation(data.body, '.data');

    const viewer = await activeMember(t, { gender: 'male', looking_for: 'male' }, { country: 'NL' });
    const shown = await page(`/members/${id}`, viewer.cookie);
    expect(shown.body).toMatch(/Sexuality/);
    expect(shown.body).toMatch(/\bGay\b/);

    await t.services.database.db.update(profiles).set({ showSexuality: false }).where(eq(profiles.id, id));
    const hidden = await page(`/members/${id}`, viewer.cookie);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.body).not.toMatch(/Sexuality/);
    await t.services.database.db.update(profiles).set({ showSexuality: true }).where(eq(profiles.id, id));
  });

  it('no public page or API answer carries it to a visitor', async () => {
    const id = gay.user.profile.id;
    const urls = [
      '/',
      '/members',
      '/members?country=NL',
      `/members/${id}/landing`,
      `/members/${id}/landing2`,
      `/members/${id}/landing3`,
      `/members/${id}/chat`,
      `/members/${id}/signup`,
      '/landers/tinderswipe',
    ];
    // Every parameterless GET of the API, plus the member searches a visitor can run.
    const api = t.app.routeCatalog
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && !r.url.includes(':') && !r.url.includes('*'))
      .map((r) => r.url)
      .filter((u) => u !== '/api/ws' && !u.startsWith('/api/docs'));
    expect(api).toContain('/api/search.php');
    for (const url of [...urls, ...api, '/api/search.php?country=NL', `/api/search.php?country=NL&gender=male`]) {
      const res = await t.app.inject({ url, headers: url.startsWith('/api/') ? CLIENT : { host: 'localhost' } });
      expect(res.statusCode, url).toBeLessThan(500);
      expectNoOrientation(res.body, url);
    }
    // The searches did find the member: the check above looked at his card.
    const search = await t.app.inject({ url: '/api/search.php?country=NL&gender=male', headers: CLIENT });
    expect(search.body).toContain(gay.user.profile.name);
  });
});

describe('terms interstitial', () => {
  it('sends a member without the current terms to /accept-terms until they accept', async () => {
    const m = await activeMember(t, { orientation_consent: false });
    const { db } = t.services.database;
    await db.delete(consents).where(eq(consents.userId, m.user.id));
    const asked = await page('/members?country=NL', m.cookie);
    expect(asked.statusCode).toBe(302);
    expect(asked.headers.location).toBe('/accept-terms?redirect=%2Fmembers%3Fcountry%3DNL');
    // The pages it links to, and the interstitial itself, open.
    expect((await page('/pages/terms', m.cookie)).statusCode).toBe(200);
    const interstitial = await page('/accept-terms?redirect=%2Fmembers', m.cookie);
    expect(interstitial.statusCode).toBe(200);
    expect(interstitial.body).toContain('Our terms have been updated');
    // Visitors are never asked.
    expect((await page('/members?country=NL')).statusCode).toBe(200);

    const submit = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/accept-terms?redirect=%2Fmembers',
        headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
        cookies: m.cookie,
        payload: new URLSearchParams(fields).toString(),
      });
    const unticked = await submit({});
    expect(unticked.statusCode).toBe(200);
    expect(unticked.body).toContain('Please accept the terms and the privacy policy to continue.');
    expect((await page('/members', m.cookie)).statusCode).toBe(302);

    const accepted = await submit({ accept: 'on' });
    expect(accepted.statusCode).toBe(302);
    expect(accepted.headers.location).toBe('/members');
    const rows = await db.select().from(consents).where(eq(consents.userId, m.user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['privacy', 'terms']);
    expect((await page('/members?country=NL', m.cookie)).statusCode).toBe(200);
    // Nothing left to answer: the interstitial sends the member on.
    expect((await page('/accept-terms', m.cookie)).statusCode).toBe(302);
  });
});
