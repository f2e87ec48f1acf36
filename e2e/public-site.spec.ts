import { expect, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

const WIDTHS = [375, 1280];

for (const lng of ['en', 'de', 'pl']) {
  for (const width of WIDTHS) {
    test(`home page in ${lng} at ${width}px`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
      await dismissEntryWarning(page);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'home.hero.general'));
      await expect(page.getByRole('main').getByRole('link', { name: text(lng, 'home.cta_signup') })).toBeVisible();
      await expect(page.locator('.member-card').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `home-${lng}-${width}`);
    });
  }
}

test('the entry warning is shown once, then remembered', async ({ page }) => {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: text('en', 'entry_warning.title') });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'entry-warning');
  await dialog.getByRole('button', { name: 'I am 18 or older, enter' }).click();
  await expect(dialog).toBeHidden();
  const stored = await page.evaluate(() => window.localStorage.getItem('site-entry-warning-dismissed'));
  expect(Number(stored)).toBeGreaterThan(Date.now() - 60_000);
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the entry warning is skipped outside the allowed countries', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-test-country': 'US' });
  await gotoHydrated(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('switching the language persists across reloads', async ({ page }) => {
  await dismissEntryWarning(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: text('en', 'nav.choose_language') }).click();
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'home.hero.general'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('de', 'home.hero.general'));
  await expect(page.getByRole('link', { name: text('de', 'footer.terms') })).toBeVisible();
  await screenshot(page, 'home-switched-de');
});

test('an unknown page is a 404 with a way home', async ({ page }) => {
  await dismissEntryWarning(page);
  const response = await page.goto('/this/does/not/exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
  await screenshot(page, 'not-found');
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'home.hero.general'));
});

test('footer links lead to the legal pages in the current language', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: baseURL! }]);
  await dismissEntryWarning(page);
  await page.goto('/');
  await page.getByRole('link', { name: text('fr', 'footer.terms') }).click();
  await expect(page).toHaveURL(/\/pages\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.content-body')).toContainText('Amora Media B.V.');
  await screenshot(page, 'terms-fr');
});

test('a Dutch site answers in Dutch without a cookie', async ({ page, baseURL }) => {
  await dismissEntryWarning(page);
  const url = new URL(baseURL!);
  url.hostname = 'liefde.localhost';
  await page.goto(url.toString());
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('nl', 'home.hero.general'));
  await expect(page.getByRole('link', { name: 'Liefdesplein' })).toBeVisible();
});

test('lang-config saves language and country', async ({ page }) => {
  await dismissEntryWarning(page);
  await gotoHydrated(page, '/lang-config');
  await page.getByLabel('Italiano').check();
  await page.getByLabel(text('en', 'lang_config.country')).selectOption('IT');
  await page.getByRole('button', { name: text('en', 'lang_config.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: text('it', 'lang_config.saved') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('it');
  expect(cookies.find((c) => c.name === 'country')?.value).toBe('IT');
});
