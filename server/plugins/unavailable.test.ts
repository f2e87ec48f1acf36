import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnavailableError } from '../lib/unavailable.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { activeMember } from '../test/factories.ts';
import { asMember, asVisitor } from '../test/member-client.ts';
import { startTcpProxy } from '../test/tcp-proxy.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('isUnavailableError', () => {
  it('knows a database that cannot be reached from a bad request or a bug', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isUnavailableError(refused)).toBe(true);
    // Drizzle wraps the driver's error.
    expect(isUnavailableError(Object.assign(new Error('Failed query: select 1'), { cause: refused }))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(
      true,
    );
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isUnavailableError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isUnavailableError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isUnavailableError(undefined)).toBe(false);
  });
});

describe('a page request that fails', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ web: true });
  });
  afterAll(async () => {
    await t.close();
  });

  it('gets the site error page as HTML with 503 when the database is unreachable, the API keeps JSON', async () => {
    const resolve = t.services.sites.resolve;
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    t.services.sites.resolve = async () => {
      throw refused;
    };
    try {
      const page = await t.app.inject({ url: '/members', headers: HTML, cookies: { i18n_redirected: 'de' } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('Wir sind gleich zurück');
      expect(page.body).toContain('href="/members"');
      expect(page.body).not.toContain('ECONNREFUSED');

      const api = await asVisitor(t.app).call(accountsApi.current, undefined, {
        headers: { accept: 'application/json' },
      });
      expect(api.status).toBe(503);
      expect(api.headers['content-type']).toMatch(/^application\/json/);
      expect(api.error).toMatchObject({ error: 'service_unavailable' });

      // React Router's data requests (client navigations) keep a machine-readable answer.
      const data = await t.app.inject({ url: '/members.data', headers: HTML });
      expect(data.statusCode).toBe(503);
      expect(data.headers['content-type']).toMatch(/^application\/json/);
    } finally {
      t.services.sites.resolve = resolve;
    }
    expect((await t.app.inject({ url: '/members', headers: HTML })).statusCode).toBe(200);
  });

  // The page was English without the site's name unless the language cookie said otherwise.
  it("speaks the site's language and names the site, known from the host without the database", async () => {
    const resolve = t.services.sites.resolve;
    t.services.sites.resolve = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    try {
      const german = await t.app.inject({ url: '/members', headers: { ...HTML, host: 'reife.localhost' } });
      expect(german.statusCode).toBe(503);
      expect(german.body).toContain('<html lang="de">');
      expect(german.body).toContain('Wir sind gleich zurück');
      expect(german.body).toContain('<title>Wir sind gleich zurück · ReifeLust</title>');

      // The browser's language on the default site (English), its best match among the 11.
      const dutch = await t.app.inject({
        url: '/',
        headers: { ...HTML, host: 'localhost:3000', 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.8' },
      });
      expect(dutch.body).toContain('<html lang="nl">');
      expect(dutch.body).toContain('We zijn zo terug · Amora');
      const weighted = await t.app.inject({
        url: '/',
        headers: { ...HTML, host: 'localhost', 'accept-language': 'xx, en;q=0.2, fr-CH;q=0.7, *;q=0.1' },
      });
      expect(weighted.body).toContain('<html lang="fr">');
      // An unknown host is served by the default site: its name and language.
      const unknown = await t.app.inject({ url: '/', headers: { ...HTML, host: 'other.example' } });
      expect(unknown.body).toContain('<html lang="en">');
      expect(unknown.body).toMatch(/<title>We(&#39;|')ll be right back · Amora<\/title>/);
      // The language cookie (the visitor's own choice) still decides first.
      const chosen = await t.app.inject({
        url: '/',
        headers: { ...HTML, host: 'reife.localhost', 'accept-language': 'nl' },
        cookies: { i18n_redirected: 'it' },
      });
      expect(chosen.body).toContain('<html lang="it">');
      expect(chosen.body).toContain('ReifeLust');
    } finally {
      t.services.sites.resolve = resolve;
    }
  });

  it('gets the HTML error page with 500 for a fault that is not an outage, without its message', async () => {
    const resolve = t.services.sites.resolve;
    t.services.sites.resolve = async () => {
      throw new Error('secret internal detail');
    };
    try {
      const page = await t.app.inject({ url: '/', headers: HTML });
      expect(page.statusCode).toBe(500);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('<h1>Error</h1>');
      expect(page.body).not.toContain('secret internal detail');
    } finally {
      t.services.sites.resolve = resolve;
    }
  });

  it('keeps a protocol-relative URL out of the "try again" link', async () => {
    const resolve = t.services.sites.resolve;
    t.services.sites.resolve = async () => {
      throw Object.assign(new Error('x'), { code: 'ECONNRESET' });
    };
    try {
      const page = await t.app.inject({ url: '//evil.example/x', headers: HTML });
      expect(page.statusCode).toBe(503);
      expect(page.body).not.toContain('evil.example');
    } finally {
      t.services.sites.resolve = resolve;
    }
  });
});

// A real outage: the app's connections to PostgreSQL go through a proxy that the test cuts and restores.
describe.skipIf(!process.env.DATABASE_URL)('pages while PostgreSQL is down (PostgreSQL)', () => {
  let t: TTestApp;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  beforeAll(async () => {
    const base = new URL(process.env.DATABASE_URL!);
    proxy = await startTcpProxy({ host: base.hostname, port: Number(base.port || 5432) });
    base.hostname = '127.0.0.1';
    base.port = String(proxy.port);
    t = await buildTestApp({ web: true, env: { DATABASE_URL: base.toString() } });
  });
  afterAll(async () => {
    await proxy.restore().catch(() => undefined);
    await t.close();
    await proxy.close();
  });

  it('answers the home page and a member page with the 503 HTML page, then recovers by itself', async () => {
    const member = await activeMember(t);
    expect((await t.app.inject({ url: '/chats', headers: HTML, cookies: member.cookie })).statusCode).toBe(200);
    await proxy.cut();
    // A visitor's search (the page renderer's loader fails), a profile, and a member's page (the session lookup fails
    // before the renderer).
    for (const [url, cookies] of [
      ['/members', {}],
      [`/members/${member.user.profile.id}`, {}],
      ['/chats', member.cookie],
    ] as const) {
      const started = Date.now();
      const page = await t.app.inject({ url, headers: HTML, cookies: { ...cookies, i18n_redirected: 'fr' } });
      expect(page.statusCode, url).toBe(503);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('Nous revenons tout de suite');
      expect(Date.now() - started).toBeLessThan(5000);
    }
    // A host no request asked for before the outage: its name and language were read at start-up.
    const german = await t.app.inject({ url: '/members', headers: { ...HTML, host: 'reife.localhost' } });
    expect(german.statusCode).toBe(503);
    expect(german.body).toContain('<html lang="de">');
    expect(german.body).toContain('Wir sind gleich zurück · ReifeLust');
    const api = await asMember(t.app, member.cookie).call(accountsApi.current);
    expect(api.status).toBe(503);
    expect(api.error).toMatchObject({ error: 'service_unavailable' });
    await proxy.restore();
    expect((await t.app.inject({ url: '/chats', headers: HTML, cookies: member.cookie })).statusCode).toBe(200);
  });
});
