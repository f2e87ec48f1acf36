// `npm run bench:wire`: bytes on the wire for a page and everything it loads before interaction (HTML, stylesheets,
// module scripts and preloads), asked as a browser does (Accept-Encoding: br, gzip) and without compression.
// Needs the built web app (`npm run build`).
import http from 'node:http';
import { startTarget } from './target.ts';

const PAGES = ['/', '/landers/alonetonight', '/members', '/login'];

type TCount = { files: number; identity: number; br: number; gzip: number };

/** Body size as it travels (node:http does not decode), asked with the given Accept-Encoding; and the body. */
function wireSize(url: string, acceptEncoding: string | null): Promise<{ bytes: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({ bytes: raw.length, body: res.headers['content-encoding'] ? '' : raw.toString() });
        });
      })
      .on('error', reject);
  });
}

/** The URLs a page loads before it is interactive: its stylesheets, module scripts and module preloads. */
function critical(html: string): string[] {
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link[^>]+rel="(?:stylesheet|modulepreload)"[^>]*href="([^"]+)"/g)) urls.add(m[1]);
  // The module preloads the page adds after its first paint (web/lib/script-priority.server.ts).
  for (const m of html.matchAll(/data-modules="([^"]*)"/g))
    for (const u of m[1].split(' ').filter(Boolean)) urls.add(u);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)|import \* as \w+ from "([^"]+\.js)"/g)) urls.add(m[1] ?? m[2]);
  return [...urls].filter((u) => u.startsWith('/'));
}

const app = await startTarget('app');
const base = `http://127.0.0.1:${app.port}`;
console.log(
  '\npage'.padEnd(28),
  'files'.padStart(6),
  'identity KiB'.padStart(13),
  'gzip KiB'.padStart(9),
  'br KiB'.padStart(8),
);
try {
  for (const page of PAGES) {
    const count: TCount = { files: 0, identity: 0, br: 0, gzip: 0 };
    const identity = await wireSize(base + page, null);
    const urls = [page, ...critical(identity.body)];
    for (const u of urls) {
      count.files++;
      count.identity += (await wireSize(base + u, null)).bytes;
      count.br += (await wireSize(base + u, 'br, gzip')).bytes;
      count.gzip += (await wireSize(base + u, 'gzip')).bytes;
    }
    const kib = (n: number) => (n / 1024).toFixed(1);
    console.log(
      page.padEnd(27),
      String(count.files).padStart(6),
      kib(count.identity).padStart(13),
      kib(count.gzip).padStart(9),
      kib(count.br).padStart(8),
    );
  }
} finally {
  app.stop();
}
