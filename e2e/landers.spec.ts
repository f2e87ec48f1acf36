import { expect, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';

test('the swipe lander works by keyboard and announces each choice, then asks to sign up', async ({ page }) => {
  await dismissEntryWarning(page);
  await gotoHydrated(page, '/landers/tinderswipe?network=ads&sub1=summer');
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
    await gotoHydrated(page, '/landers/gallery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'lander.gallery_title'));
    // The warning is decided on the client after hydration: wait for the decision, so "not shown" can fail.
    await expect(page.locator('html')).toHaveAttribute('data-entry-warning', shown ? 'shown' : 'hidden');
    await expect(page.getByRole('dialog')).toHaveCount(shown ? 1 : 0);
    if (shown) await screenshot(page, 'lander-gallery-nl');
    await context.close();
  }
});

test('with the lb flag the page-hidden beacon is sent when the page becomes hidden', async ({ page }) => {
  await dismissEntryWarning(page);
  await gotoHydrated(page, '/?lb=1');
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
  await gotoHydrated(page, '/');
  // The listener runs inside dispatchEvent, so the calls are recorded by the time it returns; the second event,
  // with the flag set, proves the listener is there.
  const beacons = await page.evaluate(() => {
    const counts: number[] = [];
    let calls = 0;
    navigator.sendBeacon = () => {
      calls += 1;
      return true;
    };
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    counts.push(calls);
    sessionStorage.setItem('page-bounce-logging', '1');
    document.dispatchEvent(new Event('visibilitychange'));
    counts.push(calls);
    return counts;
  });
  expect(beacons).toEqual([0, 1]);
});
