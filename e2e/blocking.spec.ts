import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, screenshot, text } from './helpers.ts';

test('a blocked member sees the blocked text; unblocking gives access back', async ({ browser }) => {
  const anna = await confirmedMember(browser, 'anna');
  const ben = await confirmedMember(browser, 'ben');
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('button', { name: text('en', 'profile.block') }).click();
  // The app's own dialog asks (no browser confirm()); Cancel has the focus, Block confirms.
  const confirm = anna.page.getByRole('dialog', { name: text('en', 'profile.block_confirm', { name: ben.name }) });
  await expect(confirm.getByRole('button', { name: text('en', 'common.cancel') })).toBeFocused();
  await screenshot(anna.page, 'block-confirm');
  await confirm.getByRole('button', { name: text('en', 'profile.block') }).click();
  await expect(confirm).toBeHidden();
  await expect(anna.page.getByRole('button', { name: text('en', 'profile.unblock') })).toBeVisible();
  await expect(anna.page.getByRole('status').filter({ hasText: /You have blocked/ })).toBeVisible();
  const response = await ben.page.goto(`/members/${anna.profileId}`);
  expect(response?.status()).toBe(403);
  await expect(ben.page.getByRole('alert')).toHaveText(
    /^You're blocked by .+\. You do not have access to this page\.$/,
  );
  await screenshot(ben.page, 'blocked-profile');
  await anna.page.getByRole('button', { name: text('en', 'profile.unblock') }).click();
  await expect(anna.page.getByRole('button', { name: text('en', 'profile.block') })).toBeVisible();
  const again = await ben.page.goto(`/members/${anna.profileId}`);
  expect(again?.status()).toBe(200);
});
