import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text } from './helpers.ts';

test('a Polish member sends a gift from a translated catalogue on a phone', async ({ browser }) => {
  const t = (key: string, options?: Record<string, unknown>) => text('pl', key, options);
  const ola = await confirmedMember(browser, 'olagift', { locale: 'pl' });
  const jan = await confirmedMember(browser, 'jangift', { gender: 'male', lookingFor: 'female' });
  await grantCredits(ola.page, ola.email, 40);
  await ola.page.setViewportSize({ width: 375, height: 740 });
  await gotoHydrated(ola.page, `/members/${jan.profileId}/chat`);
  // 20 signup credits + 40: the balance uses Polish plural forms.
  await expect(ola.page.getByText(t('chat.balance', { count: 60 }))).toBeVisible();
  await ola.page.getByRole('button', { name: t('chat.gift_button') }).click();
  const dialog = ola.page.getByRole('dialog', { name: t('chat.gift_title', { name: jan.name }) });
  await expect(dialog.getByText(t('chat.gift_price', { count: 20 }))).toBeVisible();
  // Wait for the fade-in and the gift images before looking.
  await expect(ola.page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await dialog
    .locator('img')
    .last()
    .evaluate((img: HTMLImageElement) => img.decode());
  await screenshot(ola.page, 'chat-gifts-pl-375');
  await dialog.getByRole('button', { name: t('gifts.teddy') }).click();
  // The paid send is confirmed with its price and the balance after it, in Polish plural forms.
  const confirm = ola.page.getByRole('dialog', {
    name: t('chat.confirm_gift', { gift: t('gifts.teddy'), name: jan.name }),
  });
  await expect(confirm.getByText(t('chat.confirm_after', { count: 40 }))).toBeVisible();
  await confirm.getByRole('button', { name: t('chat.confirm_send', { count: 20 }) }).click();
  await expect(ola.page).toHaveURL(/\/chats\/\d+$/);
  await expect(ola.page.getByRole('log').getByText(t('chat.gift_label', { gift: t('gifts.teddy') }))).toBeVisible();
  await expect(ola.page.getByText(t('chat.balance', { count: 40 }))).toBeVisible();
});
