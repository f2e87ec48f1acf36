import { expect, test } from '@playwright/test';
import { adminText, ownerConsole } from './console-helpers.ts';
import { E2E_PORT } from './constants.ts';
import { screenshot, text, waitForHydration } from './helpers.ts';

test('an admin closes signups in the console; the site refuses signups within 30 s, and opens them again', async ({
  browser,
}) => {
  const owner = await ownerConsole(browser);
  const { sites } = await (await owner.request.get('/api/admin/sites/list')).json();
  const site = (sites as { id: number; domain: string }[]).find((s) => s.domain === 'hommes.localhost');
  expect(site).toBeDefined();
  const setSignups = async (value: 'closed' | 'all') => {
    await owner.goto(`/admin/sites/edit?siteId=${site!.id}`);
    await waitForHydration(owner);
    await owner.getByRole('tab', { name: adminText('en', 'sites.tab.access') }).click();
    await owner.locator('#site-signups').selectOption(value);
    await owner.getByRole('button', { name: adminText('en', 'common.save') }).click();
    await expect(owner.getByRole('status').getByText(adminText('en', 'sites.saved_live'))).toBeVisible();
  };
  await setSignups('closed');
  await screenshot(owner, 'console-site-signups-closed-1280');

  const visitor = await browser.newPage({ baseURL: `http://hommes.localhost:${E2E_PORT}` });
  // The site's cache lives 30 s in every process: the page shows the change within that time.
  await expect(async () => {
    await visitor.goto('/signup');
    await expect(visitor.getByText(text('fr', 'errors.signups_closed'))).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 35_000 });
  await screenshot(visitor, 'site-signups-closed');

  await setSignups('all');
  await expect(async () => {
    await visitor.goto('/signup');
    await expect(visitor.getByText(text('fr', 'errors.signups_closed'))).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 35_000 });
});
