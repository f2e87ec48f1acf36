import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

test('a like shows up for the other member, who likes back and gets the match modal', async ({ browser }) => {
  const t = (key: string) => text('en', key);
  const anna = await confirmedMember(browser, 'annalike');
  const ben = await confirmedMember(browser, 'benlike', { gender: 'male', lookingFor: 'female' });

  await gotoHydrated(ben.page, `/members/${anna.profileId}`);
  await ben.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(ben.page.getByRole('button', { name: t('likes.unlike') })).toHaveAttribute('aria-pressed', 'true');

  // Anna's Likes badge counts the new like (polled 5 s after load), and the page title carries it.
  await anna.page.goto('/members');
  await expect(anna.page.getByRole('link', { name: /Likes/ }).locator('.badge')).toHaveText(/1/, { timeout: 15_000 });
  await expect(anna.page).toHaveTitle(/^\(1\) /);

  await anna.page.goto('/likes');
  await expect(anna.page.getByRole('link', { name: new RegExp(t('likes.tabs.received')) })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(anna.page.getByText(t('likes.new'), { exact: true })).toBeVisible();
  await screenshot(anna.page, 'likes-received');
  await anna.page.locator('a.member-card').first().click();
  await expect(anna.page).toHaveURL(new RegExp(`/likes/m/${ben.profileId}$`));
  await waitForHydration(anna.page);
  await expect(anna.page.getByText(t('likes.liked_you'))).toBeVisible();
  await anna.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  const modal = anna.page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: t('likes.match_title') })).toBeVisible();
  await expect(anna.page.locator('.modal.show')).toHaveCSS('opacity', '1'); // the fade-in ended
  await screenshot(anna.page, 'match-modal');
  // A click anywhere closes it.
  await modal.getByText(t('likes.tap_to_close')).click();
  await expect(modal).toBeHidden();

  await anna.page.goto('/likes/match');
  await expect(anna.page.locator('a.member-card')).toHaveCount(1);
  // Opening the profile cleared the new flag: no badge any more.
  await expect(anna.page.getByRole('link', { name: /^Likes/ }).locator('.badge')).toHaveCount(0);
});

test('?t= opens the like modal after that many seconds and leaves the URL', async ({ browser }) => {
  const t = (key: string) => text('en', key);
  const { page } = await confirmedMember(browser, 'tessa');
  await page.goto('/members?t=1');
  await expect(page).toHaveURL(/\/members$/);
  const modal = page.getByRole('dialog');
  await expect(modal.getByRole('heading', { name: t('likes.new_like_title') })).toBeVisible({ timeout: 10_000 });
  await modal
    .getByRole('button', { name: t('likes.view_profile'), exact: true })
    .last()
    .click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await expect(page.getByText(t('likes.liked_you'))).toBeVisible();
});
