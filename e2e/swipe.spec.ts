import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, screenshot, text } from './helpers.ts';

test('the swipe game: keyboard likes and passes, 4 free likes a day, then the premium prompt (375 px)', async ({
  browser,
}) => {
  const t = (key: string) => text('en', key);
  const { page } = await confirmedMember(browser, 'swiper');
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/swipe-game');
  await expect(page.getByText('4 likes left today')).toBeVisible();
  await screenshot(page, 'swipe-game-375');
  const card = page.getByRole('group');
  const nameOf = async () => (await card.getAttribute('aria-label')) ?? '';

  const first = await nameOf();
  await page.keyboard.press('ArrowLeft');
  await expect(card).not.toHaveAttribute('aria-label', first);
  for (let left = 3; left >= 0; left--) {
    const before = await nameOf();
    await page.keyboard.press('ArrowRight');
    await expect(card).not.toHaveAttribute('aria-label', before);
    await expect(page.getByText(left === 1 ? '1 like left today' : `${left} likes left today`)).toBeVisible();
  }
  // The like button is disabled at 0; the keyboard still asks and gets the premium prompt.
  await expect(page.getByRole('button', { name: t('likes.like'), exact: true })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('alert').filter({ hasText: 'free likes for today' })).toBeVisible();
  await expect(page.getByRole('alert').getByRole('link', { name: t('nav.get_premium') })).toBeVisible();
  await screenshot(page, 'swipe-game-limit');
});
