import { expect, test } from '@playwright/test';
import { dismissEntryWarning, screenshot, text } from './helpers.ts';

test('the swipe lander works by keyboard and announces each choice, then asks to sign up', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.goto('/landers/tinderswipe?network=ads&sub1=summer');
  await page.waitForLoadState('networkidle');
  const like = page.getByRole('button', { name: /^Like / });
  await expect(like).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByText(/^You passed on /)).toBeAttached();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByText("You liked 5 members! Sign up free to find out if it's a match.")).toBeVisible();
  const cta = page.getByRole('link', { name: text('en', 'lander.cta') });
  await expect(cta).toHaveAttribute('href', '/signup?network=ads&sub1=summer');
  await screenshot(page, 'lander-swipe-done');
});

test('the lander layout shows the entry warning only to visitors from NL and DE', async ({ browser }) => {
  for (const [country, shown] of [
    ['NL', true],
    ['FR', false],
  ] as const) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'x-test-country': country } });
    const page = await context.newPage();
    await page.goto('/landers/gallery');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'lander.gallery_title'));
    await expect(page.getByRole('dialog')).toHaveCount(shown ? 1 : 0);
    if (shown) await screenshot(page, 'lander-gallery-nl');
    await context.close();
  }
});

test('with the lb flag the page-hidden beacon is sent when the page becomes hidden', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.goto('/?lb=1');
  await page.waitForLoadState('networkidle');
  const beacon = page.waitForRequest((r) => r.url().endsWith('/api/page-hidden.php') && r.method() === 'POST');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const request = await beacon;
  const response = await request.response();
  expect(response?.status()).toBe(204);
});

test('without the lb flag no beacon is sent', async ({ page }) => {
  await dismissEntryWarning(page);
  let sent = false;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/page-hidden.php')) sent = true;
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.waitForTimeout(500);
  expect(sent).toBe(false);
});
