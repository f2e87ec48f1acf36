import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaDir } from '../modules/photos/photo-store.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

// Needs the built web app (`npm run build`, done by `npm test` first), which writes the .br/.gz siblings.
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true, demoProfiles: 4 });
});
afterAll(async () => {
  await t.close();
});

const ASSETS = path.resolve('build/client/assets');
const assetNamed = (re: RegExp) => {
  const name = fs.readdirSync(ASSETS).find((f) => re.test(f));
  if (!name) throw new Error(`no asset matching ${re}`);
  return `/assets/${name}`;
};

/** The body as a client that asked for `encoding` reads it, decoded. */
function decoded(raw: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(raw);
  if (encoding === 'gzip') return zlib.gunzipSync(raw);
  return raw;
}

/** Per-request values (CSP nonce, request id) differ between two renders of the same page. */
const stable = (body: Buffer) => body.toString().replace(/nonce="[^"]*"/g, 'nonce=""');

const fetchAs = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed delivery', () => {
  const targets = () => [
    { name: 'home page', url: '/' },
    { name: 'a lander', url: '/landers/alonetonight' },
    { name: '/api/settings.php', url: '/api/settings.php' },
    { name: 'the entry script', url: assetNamed(/^entry\.client-.*\.js$/) },
    { name: 'the stylesheet', url: assetNamed(/^app-.*\.css$/) },
  ];

  it('answers br, gzip and identity by Accept-Encoding, each decoding to the same bytes, with Vary', async () => {
    for (const { name, url } of targets()) {
      const identity = await fetchAs(url);
      expect(identity.statusCode, name).toBe(200);
      expect(identity.headers['content-encoding'], name).toBeUndefined();
      expect(String(identity.headers.vary), name).toMatch(/accept-encoding/i);
      for (const encoding of ['br', 'gzip']) {
        const res = await fetchAs(url, encoding);
        expect(res.statusCode, `${name} ${encoding}`).toBe(200);
        expect(res.headers['content-encoding'], `${name} ${encoding}`).toBe(encoding);
        expect(String(res.headers.vary), name).toMatch(/accept-encoding/i);
        const body = decoded(res.rawPayload, encoding);
        expect(res.rawPayload.length, `${name} travels smaller`).toBeLessThan(identity.rawPayload.length);
        expect(stable(body), `${name} ${encoding}`).toBe(stable(identity.rawPayload));
      }
    }
  });

  it('keeps Vary: Cookie on pages next to Vary: Accept-Encoding', async () => {
    const res = await fetchAs('/', 'br');
    expect(String(res.headers.vary).toLowerCase()).toContain('cookie');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('prefers what the client weighs higher, and honours q=0', async () => {
    const css = assetNamed(/^app-.*\.css$/);
    expect((await fetchAs(css, 'gzip;q=1, br;q=0.5')).headers['content-encoding']).toBe('gzip');
    expect((await fetchAs(css, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await fetchAs('/api/settings.php', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await fetchAs('/api/settings.php', 'gzip;q=0.2, br;q=0.9')).headers['content-encoding']).toBe('br');
  });

  it('serves static assets from their precompressed siblings, immutable as before', async () => {
    const css = assetNamed(/^app-.*\.css$/);
    const res = await fetchAs(css, 'br');
    const sibling = fs.readFileSync(path.join(ASSETS, path.basename(css) + '.br'));
    expect(res.rawPayload.equals(sibling)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('text/css');
  });

  it('never compresses photos, small answers, or answers to the payment webhook', async () => {
    // The demo members' pictures, as stored and served under /media/.
    const photos = fs.readdirSync(mediaDir(t.config.dataDir), { recursive: true, withFileTypes: true });
    const photo = photos.find((f) => f.isFile());
    expect(photo).toBeDefined();
    const photoPath = path.relative(mediaDir(t.config.dataDir), path.join(photo!.parentPath, photo!.name));
    const res = await fetchAs(`/media/${photoPath}`, 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\//);
    expect(res.headers['content-encoding']).toBeUndefined();
    const small = await fetchAs('/healthz', 'br, gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    const hook = await t.app.inject({
      method: 'POST',
      url: '/webhooks/payment',
      headers: { 'accept-encoding': 'br, gzip', 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'unknown' }),
    });
    expect(hook.headers['content-encoding']).toBeUndefined();
  });
});
