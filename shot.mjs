import { chromium } from '@playwright/test';
const [,, url, out, w = '1280', h = '900', full] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: Number(w), height: Number(h) } });
await ctx.addInitScript(() => localStorage.setItem('site-entry-warning-dismissed', String(Date.now())));
const page = await ctx.newPage();
const base = new URL(url).origin;
if (process.env.LOGIN) {
  const [email, password] = process.env.LOGIN.split(':');
  const r = await page.request.post(base + '/api/user.php', { headers: { 'x-requested-with': 'amora' }, data: { email, password } });
  console.log('login', r.status());
}
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: Boolean(full) });
await browser.close();
