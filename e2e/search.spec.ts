import { expect, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';

for (const width of [375, 1280]) {
  test(`search members by gender, country, region and age at ${width}px`, async ({ page }) => {
    await dismissEntryWarning(page);
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, '/members');
    const filters = page.getByRole('button', { name: new RegExp(`^${text('en', 'search.filters')}`) });
    if (width < 768) {
      // On a phone the filters fold away behind one button, and the first result is on the first screen.
      await expect(page.getByLabel(text('en', 'attributes.labels.gender'))).toBeHidden();
      const firstCard = await page.locator('.member-card').first().boundingBox();
      expect(firstCard!.y).toBeLessThan(900);
      await filters.click();
      await expect(filters).toHaveAttribute('aria-expanded', 'true');
    } else {
      await expect(filters).toBeHidden();
    }
    await page.getByLabel(text('en', 'attributes.labels.gender')).selectOption('female');
    await page.getByLabel(text('en', 'lang_config.country')).selectOption('DE');
    await expect(page).toHaveURL(/country=DE/);
    await expect(page.getByLabel('State', { exact: true })).toBeEnabled();
    await page.getByLabel(text('en', 'search.min_age')).fill('25');
    await page.getByLabel(text('en', 'search.max_age'), { exact: true }).fill('60');
    await page.getByRole('button', { name: text('en', 'search.submit') }).click();
    await expect(page).toHaveURL(/gender=female&country=DE&countryregion=&min_age=25&max_age=60/);
    await expect(page.getByRole('status').filter({ hasText: /members? found/ })).toBeVisible();
    const locations = await page.locator('.member-card .small').allTextContents();
    expect(locations.length).toBeGreaterThan(0);
    for (const place of locations) expect(place).toContain('Germany');
    // The folded filters say what they hold.
    if (width < 768) await expect(filters).toContainText('Woman · Germany · 25–60');
    await screenshot(page, `search-${width}`);
  });
}

test('search pages through the results', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.goto('/members');
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await page.getByRole('link', { name: text('en', 'search.next') }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page).toHaveURL(/page=2/);
});

test('a member card opens the profile screen with attributes and related members', async ({ page }) => {
  await dismissEntryWarning(page);
  // The newest member with a photo on the home page (a demo member, or one another journey created).
  await page.goto('/');
  const card = page.locator('a.member-card').first();
  // The card is named by its visible text: "Name, age" in its title.
  const title = (await card.locator('.card-title').textContent()) ?? '';
  const name = title.replace(/, \d+$/, '').trim();
  await card.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(text('en', 'attributes.labels.gender'), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: text('en', 'profile.related') })).toBeVisible();
  await screenshot(page, 'profile-view');
});
