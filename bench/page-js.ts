// `npm run bench:js`: the JavaScript each page loads before it is interactive, as it travels (br), against issue 32's
// budgets. A real Chromium loads the page and follows the module graph the page really loads (its module scripts,
// their static imports and the locale catalogue awaited before hydration); every script requested before
// the page's `amora:hydrated` performance mark (`<html data-hydrated>`) is counted, each fetched again as a browser asks (Accept-Encoding: br, gzip) to count its
// bytes on the wire. `--files` lists each script, `--only <label part>` picks pages. Needs the built web app (`npm run build`) and /usr/bin/chromium.
import http from 'node:http';
import { chromium } from '@playwright/test';
import { benchPages } from './pages.ts';
import { startTarget } from './target.ts';

/** Bytes of a body as it travels (node:http does not decode), asked as a browser asks. */
function brBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', reject);
  });
}

const app = await startTarget('app', { member: true });
const base = `http://127.0.0.1:${app.port}`;
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const kib = (n: number) => (n / 1024).toFixed(1);
const verbose = process.argv.includes('--files');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
let over = 0;
try {
  console.log('\n' + 'page'.padEnd(26), 'files'.padStart(6), 'JS br KiB'.padStart(10), 'budget'.padStart(7), '');
  for (const p of benchPages(app.member!).filter((page) => !only || page.label.includes(only))) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    if (p.member) {
      const [name, value] = app.member!.cookie.split('=');
      await context.addCookies([{ name, value, domain: '127.0.0.1', path: '/' }]);
    }
    const page = await context.newPage();
    await page.goto(base + p.path);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached', timeout: 30_000 });
    // The scripts whose request started before the page marked itself hydrated (web/root.tsx); what it fetches
    // while idle afterwards (the signup dialog) is not part of what it needed to become interactive.
    const scripts = await page.evaluate(() => {
      const hydratedAt = performance.getEntriesByName('amora:hydrated')[0].startTime;
      return performance
        .getEntriesByType('resource')
        .filter((e) => e.startTime <= hydratedAt && /\.m?js(\?|$)/.test(e.name))
        .map((e) => e.name);
    });
    const sizes = await Promise.all([...scripts].map(async (u) => ({ u, bytes: await brBytes(u) })));
    const total = sizes.reduce((s, f) => s + f.bytes, 0);
    const ok = total <= p.budgetKiB * 1024;
    if (!ok) over++;
    console.log(
      p.label.padEnd(26),
      String(sizes.length).padStart(6),
      kib(total).padStart(10),
      String(p.budgetKiB).padStart(7),
      ok ? ' ok' : ' OVER',
    );
    if (verbose) {
      for (const f of sizes.sort((a, b) => b.bytes - a.bytes))
        console.log('   ', kib(f.bytes).padStart(7), new URL(f.u).pathname);
    }
    await context.close();
  }
} finally {
  await browser.close();
  app.stop();
}
console.log(over ? `\n${over} page(s) over budget` : '\nevery page within budget');
