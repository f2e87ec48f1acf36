import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sites } from '../db/schema/index.ts';
import { activeMember } from '../test/factories.ts';
import { openSocket } from '../test/sockets.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// An origin is scheme, host and port. `Origin: https://<host>` on an http site, or another port of
// the same host, is another site; and the CSP names the site's own origins instead of allowing every https/wss host.

/** The status of a beacon (a mutation any page sends) with the given headers. */
async function beaconStatus(t: TTestApp, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/page-hidden.php',
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
    remoteAddress,
  });
  return res.statusCode;
}

/** The handshake status of a WebSocket upgrade with a member's cookie from `origin`: 101 when it opened. */
function upgradeStatus(base: string, cookie: string, origin: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/ws`, { headers: { origin, cookie } });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('upgrade', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', (error) => reject(error));
  });
}

describe('origin check on an http site', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ web: true });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t.close());

  it('accepts an API mutation from the same scheme, host and port', async () => {
    expect(await beaconStatus(t, { host: 'localhost', origin: 'http://localhost' })).toBe(204);
    expect(await beaconStatus(t, { host: 'localhost:3000', origin: 'http://localhost:3000' })).toBe(204);
    expect(await beaconStatus(t, { host: 'LOCALHOST:80', origin: 'http://localhost' })).toBe(204);
  });

  it('refuses an API mutation from the https origin of the same host, or from another port', async () => {
    expect(await beaconStatus(t, { host: 'localhost', origin: 'https://localhost' })).toBe(403);
    expect(await beaconStatus(t, { host: 'localhost:3000', origin: 'https://localhost:3000' })).toBe(403);
    expect(await beaconStatus(t, { host: 'localhost:3000', origin: 'http://localhost:8080' })).toBe(403);
    expect(await beaconStatus(t, { host: 'localhost:3000', origin: 'http://localhost' })).toBe(403);
    expect(await beaconStatus(t, { host: 'localhost', origin: 'null' })).toBe(403);
  });

  it('refuses a WebSocket upgrade from the https origin of the same host or from another port', async () => {
    const m = await activeMember(t);
    const cookie = `auth.session=${m.cookie['auth.session']}`;
    const port = Number(new URL(base).port);
    expect(await upgradeStatus(base, cookie, base.replace(/^http/, 'https'))).toBe(403);
    expect(await upgradeStatus(base, cookie, `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`)).toBe(403);
    expect(await upgradeStatus(base, cookie, base)).toBe(101);
    (await openSocket(base, m.cookie)).close();
  });

  it('sends a page a CSP that names its own origins and no bare scheme', async () => {
    const res = await t.app.inject({ url: '/', headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    const directives = new Map(csp.split(';').map((d) => [d.trim().split(' ')[0], d.trim().split(' ').slice(1)]));
    const sources = [...directives.values()].flat();
    for (const bare of ['https:', 'http:', 'wss:', 'ws:', '*']) expect(sources, csp).not.toContain(bare);
    expect(directives.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives.get('script-src')?.[1]).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    // The page's inline scripts carry that nonce.
    expect(res.body).toContain(`nonce="${directives.get('script-src')![1].slice(7, -1)}"`);
  });

  it('adds the site’s CDN prefix to the image sources when one is set', async () => {
    await t.services.database.db
      .update(sites)
      .set({ cdnPrefix: 'https://cdn.example.net/amora' })
      .where(eq(sites.domain, 'localhost'));
    t.services.sites.invalidate();
    try {
      const res = await t.app.inject({ url: '/', headers: { host: 'localhost' } });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data: blob: https://cdn.example.net;");
      expect(csp).toContain("connect-src 'self' ws://localhost;");
    } finally {
      await t.services.database.db.update(sites).set({ cdnPrefix: '' }).where(eq(sites.domain, 'localhost'));
      t.services.sites.invalidate();
    }
  });
});

describe('origin check behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => t.close());

  it('takes the scheme from the trusted proxy’s X-Forwarded-Proto', async () => {
    const https = { host: 'amora.example', 'x-forwarded-proto': 'https' };
    expect(await beaconStatus(t, { ...https, origin: 'https://amora.example' })).toBe(204);
    expect(await beaconStatus(t, { ...https, origin: 'http://amora.example' })).toBe(403);
    const res = await t.app.inject({ url: '/api/settings.php', headers: https });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' wss://amora.example;");
  });

  it('ignores an X-Forwarded-Proto that a client sends itself', async () => {
    const forged = { host: 'amora.example', 'x-forwarded-proto': 'https', origin: 'https://amora.example' };
    expect(await beaconStatus(t, forged, '203.0.113.9')).toBe(403);
    expect(await beaconStatus(t, { ...forged, origin: 'http://amora.example' }, '203.0.113.9')).toBe(204);
  });
});
