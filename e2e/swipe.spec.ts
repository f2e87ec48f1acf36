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
  for (let left = 3; left >= 1; left--) {
    const before = await nameOf();
    await page.keyboard.press('ArrowRight');
    await expect(card).not.toHaveAttribute('aria-label', before);
    await expect(page.getByText(left === 1 ? '1 like left today' : `${left} likes left today`)).toBeVisible();
  }
  // The last free like: the premium prompt is there at once (issue 31), with the time the likes return.
  const before = await nameOf();
  await page.keyboard.press('ArrowRight');
  await expect(card).not.toHaveAttribute('aria-label', before);
  const prompt = page.getByRole('status').filter({ hasText: 'free likes for today' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Your free likes return');
  await expect(prompt.getByRole('link', { name: t('nav.get_premium') })).toBeVisible();
  // The like button is disabled at 0; the keyboard still asks and the prompt stays.
  await expect(page.getByRole('button', { name: t('likes.like'), exact: true })).toBeDisabled();
  await page.keyboard.press('ArrowRight');
  await expect(prompt).toBeVisible();
  await screenshot(page, 'swipe-game-limit');
});
