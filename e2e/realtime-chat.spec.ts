import path from 'node:path';
import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text, waitForHydration } from './helpers.ts';
import { confirmPaidSend, pickGift } from './chat-helpers.ts';

// Push delivery must beat the fallbacks: an open conversation refreshes every 10 s and the badges every 60 s
// without the socket, so anything seen within 4 s came over /api/ws.
const LIVE = { timeout: 4_000 };

test('realtime chat: typing indicator, instant delivery, Seen, gift and photo messages, live badge and title', async ({
  browser,
}) => {
  const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
  const anna = await confirmedMember(browser, 'annalive');
  const ben = await confirmedMember(browser, 'benlive', { gender: 'male', lookingFor: 'female' });
  await grantCredits(anna.page, anna.email, 200);

  // Anna starts the conversation; Ben opens it.
  await gotoHydrated(anna.page, `/members/${ben.profileId}/chat`);
  await anna.page.getByLabel(t('chat.write')).fill('Hi Ben!');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  const conversationUrl = new URL(anna.page.url()).pathname;
  await waitForHydration(anna.page);
  // Both sockets subscribed before anything is expected live (the catch-up on connect only comes after 5 s).
  await expect(anna.page.locator('html')).toHaveAttribute('data-realtime', 'open');
  await gotoHydrated(ben.page, conversationUrl);
  await expect(ben.page.locator('html')).toHaveAttribute('data-realtime', 'open');
  await expect(ben.page.getByRole('log').getByText('Hi Ben!')).toBeVisible();
  // The open conversation is read: no unread badge, in the list or the navigation.
  await expect(ben.page.getByRole('link', { name: /Messages/ }).locator('.badge')).toHaveCount(0);

  // Ben opened it: Anna's message shows Seen without a reload.
  await expect(anna.page.getByRole('log').getByText(t('chat.seen'))).toBeVisible(LIVE);

  // Anna types: Ben sees the typing indicator; then the message arrives at once.
  await anna.page.getByLabel(t('chat.write')).pressSequentially('How is', { delay: 50 });
  await expect(ben.page.getByText(t('chat.typing', { name: anna.name }))).toBeVisible(LIVE);
  await screenshot(ben.page, 'chat-typing');
  await anna.page.getByLabel(t('chat.write')).pressSequentially(' your day?');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(ben.page.getByRole('log').getByText('How is your day?')).toBeVisible(LIVE);
  await expect(ben.page.getByText(t('chat.typing', { name: anna.name }))).toBeHidden();

  // A gift from the catalogue (gift_credits) and a photo upload (photo_credits) arrive the same way.
  await pickGift(anna.page, 'rose');
  await confirmPaidSend(anna.page, 20);
  await expect(ben.page.getByRole('log').getByText(t('chat.gift_label', { gift: t('gifts.rose') }))).toBeVisible(LIVE);
  await anna.page.getByRole('button', { name: t('chat.photo_button') }).click();
  const chooser = anna.page.waitForEvent('filechooser');
  await anna.page.getByRole('dialog').getByText(t('chat.photo_upload')).click();
  await (await chooser).setFiles(path.join(import.meta.dirname, '../server/test/fixtures/gps-photo.jpg'));
  await confirmPaidSend(anna.page, 15);
  await expect(ben.page.getByRole('img', { name: t('chat.photo_from', { name: anna.name }) })).toBeVisible({
    timeout: 10_000,
  });
  // Ben has seen it: Anna's 'Seen' moves to the photo.
  await expect(anna.page.getByRole('log').locator('[data-message-id]').last()).toContainText(t('chat.seen'), LIVE);
  // Anna's balance: 200 + 20 signup − 10 − 10 − 20 − 15.
  await expect(anna.page.getByText(t('chat.balance', { count: 165 }))).toBeVisible();
  await screenshot(ben.page, 'chat-gift-photo');

  // On another page Ben's Messages badge and the title count a new message as it is sent.
  await gotoHydrated(ben.page, '/members');
  await expect(ben.page.locator('html')).toHaveAttribute('data-realtime', 'open');
  await anna.page.getByLabel(t('chat.write')).fill('Are you there?');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(ben.page.getByRole('link', { name: /Messages/ }).locator('.badge')).toHaveText(/1/, LIVE);
  await expect(ben.page).toHaveTitle(/^\(1\) /, LIVE);
});
