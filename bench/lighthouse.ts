// `npm run bench:lighthouse`: Lighthouse's mobile profile (simulated slow 4G, 4× CPU) on issue 32's pages, logged out
// and logged in, printing the four scores, FCP, LCP, CLS, Total Blocking Time and the JavaScript the page transfers.
// Targets: performance ≥ 95, LCP ≤ 2.5 s, CLS ≤ 0.02. Needs the built web app (`npm run build`) and /usr/bin/chromium.
// `--only <label part>` runs the pages whose label contains it; `--verbose` prints the LCP element and what blocked
// rendering. `--runs <n>` loads each page n times and reports the median run by performance score (Lighthouse's own
// advice for noisy machines: single runs of the same build differ by 20 points here).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchPages } from './pages.ts';
import { startTarget } from './target.ts';

type TAuditItem = { resourceType?: string; transferSize?: number };

const verbose = process.argv.includes('--verbose');
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
// `--devtools`: throttle for real (DevTools network and CPU throttling while the page loads) instead of Lighthouse's
// simulation from an unthrottled load; slower, but it shows what changes in time as a phone waits for it.
const devtools = process.argv.includes('--devtools');
const runs = process.argv.includes('--runs') ? Number(process.argv[process.argv.indexOf('--runs') + 1]) : 1;
const app = await startTarget('app', { member: true });
const base = `http://127.0.0.1:${app.port}`;
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const rows: string[][] = [];
let missed = 0;
try {
  for (const p of benchPages(app.member!).filter((page) => !only || page.label.includes(only))) {
    const results = [];
    for (let run = 0; run < runs; run++) {
      // A run whose trace Lighthouse could not read (it says "run Lighthouse again", e.g. NO_NAVSTART) is run again.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(base + p.path, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          extraHeaders: p.member ? { Cookie: app.member!.cookie } : undefined,
          throttlingMethod: devtools ? 'devtools' : 'simulate',
        });
        if (!result) throw new Error(`no Lighthouse result for ${p.path}`);
        const error = result.lhr.runtimeError;
        if (error && attempt < 3) {
          console.log(`   ${p.label}: ${error.code}, run again`);
          continue;
        }
        results.push(result);
        break;
      }
    }
    results.sort((a, b) => (a.lhr.categories.performance?.score ?? 0) - (b.lhr.categories.performance?.score ?? 0));
    const result = results[Math.floor(results.length / 2)];
    const { categories, audits } = result.lhr;
    const score = (id: string) => String(Math.round((categories[id]?.score ?? 0) * 100));
    const ms = (id: string) => audits[id]?.numericValue ?? NaN;
    const items = ((audits['network-requests']?.details as { items?: TAuditItem[] } | undefined)?.items ?? []).filter(
      (i) => i.resourceType === 'Script',
    );
    const jsKiB = items.reduce((s, i) => s + (i.transferSize ?? 0), 0) / 1024;
    const perf = Number(score('performance'));
    const lcp = ms('largest-contentful-paint');
    const cls = ms('cumulative-layout-shift');
    const ok = perf >= 95 && lcp <= 2500 && cls <= 0.02;
    if (!ok) missed++;
    rows.push([
      p.label,
      `${score('performance')} / ${score('accessibility')} / ${score('best-practices')} / ${score('seo')}`,
      `${(ms('first-contentful-paint') / 1000).toFixed(1)} s / ${(lcp / 1000).toFixed(1)} s`,
      cls.toFixed(3),
      `${Math.round(ms('total-blocking-time'))} ms`,
      `${jsKiB.toFixed(1)} KiB, ${items.length} files`,
      ok ? 'ok' : 'MISSED',
    ]);
    console.log(`| ${rows.at(-1)!.join(' | ')} |`);
    if (verbose) {
      // What the largest paint was and where its time went (Lighthouse 13's insights), and what blocked rendering.
      type TList = { items?: { type?: string; snippet?: string; items?: { subpart?: string; duration?: number }[] }[] };
      const lcp = (audits['lcp-breakdown-insight']?.details as TList | undefined)?.items ?? [];
      const node = lcp.find((i) => i.type === 'node');
      const parts = lcp.find((i) => i.items)?.items ?? [];
      const observed = (audits['metrics']?.details as { items?: Record<string, number>[] } | undefined)?.items?.[0];
      console.log(
        '   observed (unthrottled) FCP / LCP / DOMContentLoaded / load:',
        ['observedFirstContentfulPaint', 'observedLargestContentfulPaint', 'observedDomContentLoaded', 'observedLoad']
          .map((k) => `${Math.round(observed?.[k] ?? NaN)} ms`)
          .join(' / '),
      );
      type TMarks = { items?: { name?: string; startTime?: number }[] };
      const marks = (audits['user-timings']?.details as TMarks | undefined)?.items ?? [];
      const hydrated = marks.find((m) => m.name === 'amora:hydrated')?.startTime;
      console.log('   LCP element:', node?.snippet ?? '?');
      console.log(`   hydrated (the page's amora:hydrated mark, observed): ${Math.round(hydrated ?? NaN)} ms`);
      type TTasks = { items?: { url?: string; duration?: number; startTime?: number }[] };
      const tasks = (audits['long-tasks']?.details as TTasks | undefined)?.items ?? [];
      console.log(
        '   long tasks (start+duration, simulated):',
        tasks.map((t) => `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ms`).join(', '),
      );
      console.log('   LCP parts:', parts.map((p) => `${p.subpart} ${Math.round(p.duration ?? 0)} ms`).join(', '));
      const blocking = (audits['render-blocking-insight']?.details as { items?: { url?: string }[] } | undefined)
        ?.items;
      console.log('   render-blocking:', (blocking ?? []).map((b) => b.url).join(', '));
    }
  }
} finally {
  chrome.kill();
  app.stop();
}
console.log('\n| page | perf / a11y / BP / SEO | FCP / LCP | CLS | TBT | JS transferred | targets |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log(missed ? `\n${missed} page(s) missed a target` : '\nevery page met its targets');
