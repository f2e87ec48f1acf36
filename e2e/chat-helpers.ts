import type { Page } from '@playwright/test';
import { text } from './helpers.ts';

/** Opens the gift picker of the conversation on screen and picks a gift; the paid send's confirmation opens next. */
export async function pickGift(page: Page, gift: string, lng = 'en'): Promise<void> {
  await page.getByRole('button', { name: text(lng, 'chat.gift_button') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text(lng, `gifts.${gift}`) })
    .click();
}

/** Confirms the paid send that asks, by its button naming the price. */
export async function confirmPaidSend(page: Page, price: number, lng = 'en'): Promise<void> {
  await page.getByRole('button', { name: text(lng, 'chat.confirm_send', { count: price }) }).click();
}
