import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, text } from './helpers.ts';

test('logging out in one tab shows the other tab logged out at once (its socket is closed, 4401)', async ({
  browser,
}) => {
  const { page: first, name } = await confirmedMember(browser, 'twotabs');
  const second = await first.context().newPage();
  for (const page of [first, second]) {
    await gotoHydrated(page, '/members');
    await expect(page.locator('html[data-realtime="open"]')).toBeAttached();
    await expect(page.getByRole('button', { name: text('en', 'nav.account') })).toContainText(name);
  }
  await first.getByRole('button', { name: text('en', 'nav.account') }).click();
  await first.getByRole('button', { name: text('en', 'nav.logout') }).click();
  await expect(first.getByRole('link', { name: text('en', 'nav.login'), exact: true })).toBeVisible();
  // The other tab was not touched: the server's close of its socket alone brings it to the visitor's view.
  await expect(second.locator('html[data-realtime="closed"]')).toBeAttached();
  await expect(second.getByRole('button', { name: text('en', 'nav.account') })).toHaveCount(0);
});
