import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDER_KINDS } from '#common/constants.ts';
import { LOCALES } from '#common/locales.ts';
import { sites } from '../db/schema/index.ts';
import { serverT } from '../lib/i18n.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first).
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true, demoProfiles: 24 });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, lng?: string, host = 'localhost') =>
  t.app.inject({ url, headers: { host }, cookies: lng ? { i18n_redirected: lng } : {} });

/** Sets the partner site of the shared test site (shown after an account deletion) and drops the cached site. */
async function setPartnerUrl(partnerUrl: string | null) {
  await t.services.database.db.update(sites).set({ partnerUrl }).where(eq(sites.domain, 'localhost'));
  t.services.sites.invalidate();
}

const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

describe('server-rendered pages', () => {
  it.each(LOCALES)('renders the home page in %s with the right <html lang>', async (lng) => {
    const res = await get('/', lng);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toMatch(new RegExp(`<html lang="${lng}"`));
    const body = decode(res.body);
    expect(body).toContain(serverT(lng)('home.hero.general'));
    expect(body).toContain(serverT(lng)('footer.terms'));
    expect(res.body).toMatch(/<script[^>]+nonce="[^"]+"/);
  });

  it.each(LOCALES)('renders terms and privacy in %s from the content files, placeholders filled', async (lng) => {
    for (const page of ['terms', 'privacy']) {
      const res = await get(`/pages/${page}`, lng);
      expect(res.statusCode, `${lng} ${page}`).toBe(200);
      expect(res.body).toMatch(new RegExp(`<html lang="${lng}"`));
      expect(res.body).toContain('Amora Media B.V.');
      expect(res.body).not.toContain('{{');
    }
  });

  it('serves the data request of a client navigation to a static page', async () => {
    const res = await get('/pages/faq.data?_routes=pages-faq', 'it');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('ErrorResponse');
  });

  it('answers a host mapped to a Dutch site in Dutch without a cookie', async () => {
    const res = await get('/', undefined, 'liefde.localhost');
    expect(res.body).toContain('<html lang="nl"');
    expect(decode(res.body)).toContain(serverT('nl')('home.hero.general'));
  });

  it('shows member cards of the site niche with their photos', async () => {
    const res = await get('/');
    const photos = [...res.body.matchAll(/src="(\/media\/[0-9a-f]{32}_thumb\.jpg)"/g)].map((m) => m[1]);
    expect(photos.length).toBeGreaterThan(3);
    const img = await t.app.inject({ url: photos[0] });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
  });

  it('answers an unknown page with HTTP 404 and the spec texts', async () => {
    const res = await get('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This page could not be found');
    expect(res.body).toContain('Back to the home page');
    const token = await get('/pages/no-such-token');
    expect(token.statusCode).toBe(404);
  });

  it('keeps unknown API and asset paths out of the page router', async () => {
    const api = await get('/api/unknown.php');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    const asset = await get('/assets/nope.js');
    expect(asset.statusCode).toBe(404);
    expect(asset.body).not.toContain('<html');
  });

  it('renders lang-config, pricing and complaints', async () => {
    for (const path of ['/lang-config', '/pricing', '/complaints']) {
      expect((await get(path, 'sv')).statusCode, path).toBe(200);
    }
  });
});

describe('landers (lander layout)', () => {
  it.each(LANDER_KINDS)(
    'renders /landers/%s with the logo bar and a signup call to action keeping the tracking query',
    async (kind) => {
      const res = await get(`/landers/${kind}/milf?network=%7Babc%7D&sub1=x`, 'de');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('lander-bar');
      expect(decode(res.body)).toContain(serverT('de')('lander.cta'));
      expect(decode(res.body)).toContain('href="/signup?network=%7Babc%7D&sub1=x"');
      // The site navigation is not rendered (its module may still be named in the route manifest).
      expect(res.body).not.toMatch(/class="[^"]*\btop-nav\b/);
    },
  );

  it('answers an unknown lander kind with 404', async () => {
    expect((await get('/landers/nope')).statusCode).toBe(404);
  });

  it('renders the swipe lander and the member landers, 404 for an unknown member', async () => {
    expect((await get('/landers/tinderswipe')).statusCode).toBe(200);
    const home = await get('/');
    const id = /href="\/members\/(\d+)"/.exec(home.body)?.[1];
    expect(id).toBeDefined();
    for (const path of [`/members/${id}/landing`, `/members/${id}/landing2/general`, `/members/${id}/landing3`]) {
      const res = await get(path, 'nl');
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('lander-bar');
    }
    expect((await get('/members/999999/landing')).statusCode).toBe(404);
    expect((await get('/members/abc/landing')).statusCode).toBe(404);
  });
});

describe('account pages', () => {
  it('offers the partner site after deletion only when the site has one', async () => {
    const before = await get('/account-deleted');
    expect(before.statusCode).toBe(200);
    expect(before.body).not.toContain('partner.example');
    // The site is shared by every test in this file: put its partner back whatever happens, so order does not matter.
    const [{ partnerUrl }] = await t.services.database.db
      .select({ partnerUrl: sites.partnerUrl })
      .from(sites)
      .where(eq(sites.domain, 'localhost'));
    await setPartnerUrl('https://partner.example/');
    try {
      const after = await get('/account-deleted', 'fr');
      expect(after.body).toContain('href="https://partner.example/"');
    } finally {
      await setPartnerUrl(partnerUrl);
    }
  });

  it('sends visitors of member-only pages to the login page and back', async () => {
    for (const path of ['/settings', '/settings/delete', '/complete-signup', '/signup-matches']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(302);
      expect(res.headers.location).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('renders the public account pages in every locale', async () => {
    for (const lng of LOCALES) {
      for (const path of [
        '/login',
        '/signup',
        '/reset-password',
        '/reset-password/do?token=x',
        '/activate/done',
        '/activate/error?reason=link_invalid',
      ]) {
        const res = await get(path, lng);
        // A reset link that is not live (here a forged one) shows its invalid-link page.
        expect(res.statusCode, `${lng} ${path}`).toBe(path.includes('token=x') ? 400 : 200);
        expect(res.body).toContain(`<html lang="${lng}"`);
      }
    }
  });
});

describe('profile screen /members/{id}', () => {
  it('shows a visible member, 404 for unknown or invisible members', async () => {
    const home = await get('/');
    const id = Number(/href="\/members\/(\d+)"/.exec(home.body)?.[1]);
    const res = await get(`/members/${id}`, 'de');
    expect(res.statusCode).toBe(200);
    const { profiles } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const [row] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, id));
    expect(decode(res.body)).toContain(row.name);
    expect(decode(res.body)).toContain(serverT('de')('attributes.labels.interests'));
    expect((await get('/members/99999999')).statusCode).toBe(404);
    expect((await get('/members/abc')).statusCode).toBe(404);
    await t.services.database.db.update(profiles).set({ invisible: true }).where(eq(profiles.id, id));
    expect((await get(`/members/${id}`)).statusCode).toBe(404);
    await t.services.database.db.update(profiles).set({ invisible: false }).where(eq(profiles.id, id));
  });
});

describe('paths outside the page router', () => {
  it('answers /favicon.ico with the site icon, and look-alike paths with a 404 page, never a 500', async () => {
    const icon = await get('/favicon.ico');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    expect(icon.body).toContain('<svg');
    for (const path of ['/favicon.png', '/favicon-32x32.png', '/healthz.php', '/readyzz', '/assetsx']) {
      expect((await get(path)).statusCode, path).toBe(404);
    }
  });
});

describe('caching of pages', () => {
  it('marks every page and page data of a logged-in member no-store, and leaves visitor pages cacheable', async () => {
    const { activeMember } = await import('../test/factories.ts');
    const m = await activeMember(t);
    for (const path of ['/settings', '/', '/pages/faq', '/pages/faq.data?_routes=pages-faq', '/no/such/page']) {
      const res = await t.app.inject({ url: path, headers: { host: 'localhost' }, cookies: m.cookie });
      expect(res.statusCode, path).toBeLessThan(500);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const visitor = await get('/pages/faq');
    expect(visitor.headers['cache-control']).not.toBe('no-store');
  });
});
