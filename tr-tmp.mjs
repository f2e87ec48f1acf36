import { chromium } from '@playwright/test';
import fs from 'node:fs';
const port = process.argv[2];
const js = process.argv[4] !== 'nojs';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 700 } });
const page = await ctx.newPage();
const block = process.argv[5];
if (block) await page.route(new RegExp(block), r => r.abort());
await browser.startTracing(page, { path: '/tmp/trace.json', categories: ['devtools.timeline','blink.user_timing','loading'] });
await page.goto(`http://127.0.0.1:${port}${process.argv[3]}`);
await page.waitForTimeout(2000);
await browser.stopTracing();
await browser.close();
const ev = JSON.parse(fs.readFileSync('/tmp/trace.json')).traceEvents;
const nav = ev.find(e => e.name === 'navigationStart' || e.name==='NavigationStartToFirstPaint') ?? ev.find(e=>e.name==='ResourceSendRequest');
const t0 = (ev.find(e => e.name==='ParseHTML' && e.args?.beginData?.url?.includes('127.0.0.1')) ?? nav).ts;
const agg = {};
for (const e of ev) {
  if (e.ph !== 'X' || !e.dur) continue;
  const start = (e.ts - t0)/1000;
  if (start < 0 || start > 1500) continue;
  if (['ParseHTML','ParseAuthorStyleSheet','UpdateLayoutTree','Layout','Paint','EvaluateScript','v8.compileModule','FunctionCall','RunTask','PrePaint','Layerize','ScheduleStyleRecalculation','Decode Image','ImageDecodeTask','HitTest','v8.evaluateModule','CompositeLayers','UpdateLayer','IntersectionObserverController::computeIntersections'].includes(e.name) && e.dur > 5000) {
    console.log(e.name, start.toFixed(0), (e.dur/1000).toFixed(1), JSON.stringify(e.args?.data?.url ?? e.args?.beginData?.url ?? '').slice(-50));
  }
}
for (const e of ev) if (/firstPaint|firstContentfulPaint|largestContentfulPaint::Candidate|MarkDOMContent|MarkLoad/.test(e.name)) console.log('mark', e.name, ((e.ts - t0)/1000).toFixed(0));
