import { expect, type Page, test } from '@playwright/test';
import { CLIENT } from './constants.ts';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text, waitForHydration } from './helpers.ts';
import { confirmPaidSend, pickGift } from './chat-helpers.ts';

const t = (key: string, values?: Record<string, unknown>) => text('en', key, values);

/** Sends a text message through the API as the page's member; returns the conversation id. */
async function sendText(page: Page, profileId: number, body: string): Promise<number> {
  const res = await page.request.post('/api/chat.php', {
    headers: CLIENT,
    data: { profile_id: profileId, text: body },
  });
  if (!res.ok()) throw new Error(`send failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).message.conversation_id;
}

/** Whether an element lies entirely inside the viewport. */
async function inViewport(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const size = page.viewportSize()!;
  return Boolean(
    box && box.y >= 0 && box.x >= 0 && box.y + box.height <= size.height && box.x + box.width <= size.width,
  );
}

test('on a phone the conversation keeps its composer in view, asks before paid sends and keeps the draft', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const anna = await confirmedMember(browser, 'annaphone');
  const ben = await confirmedMember(browser, 'benphone', { gender: 'male', lookingFor: 'female' });
  await grantCredits(anna.page, anna.email, 300);
  await grantCredits(ben.page, ben.email, 300);
  // 30 messages, both ways.
  let conversationId = 0;
  for (let i = 1; i <= 30; i += 1) {
    conversationId = await sendText(
      i % 2 ? anna.page : ben.page,
      i % 2 ? ben.profileId : anna.profileId,
      `Message ${i}!`,
    );
  }
  await anna.page.setViewportSize({ width: 375, height: 812 });
  await gotoHydrated(anna.page, `/chats/${conversationId}`);
  const composer = anna.page.getByLabel(t('chat.write'));
  const send = anna.page.getByRole('button', {
    name: `${t('chat.send')} ${t('common.credits_count', { count: 10 })}`,
    exact: true,
  });
  const log = anna.page.getByRole('log');
  const message = (n: number) => log.locator('[data-message-id]').filter({ hasText: `Message ${n}!` });
  // The composer and the newest message are on screen; the page itself does not scroll (no footer under the chat).
  await expect(message(30)).toBeInViewport();
  expect(await inViewport(anna.page, composer)).toBe(true);
  expect(await inViewport(anna.page, send)).toBe(true);
  expect(await anna.page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight + 1)).toBe(true);
  await expect(anna.page.locator('footer')).toHaveCount(0);
  // The price of a text is on the send button.
  await expect(send).toContainText(t('common.credits_count', { count: 10 }));
  await screenshot(anna.page, 'chat-phone-30-375');

  // Reading older messages, a new one does not pull the member down: a "new messages" button does.
  await message(1).scrollIntoViewIfNeeded();
  await expect(message(30)).not.toBeInViewport();
  await sendText(ben.page, anna.profileId, 'Message 31!');
  const jump = anna.page.getByRole('button', { name: new RegExp(t('chat.new_messages', { count: 1 })) });
  await expect(jump).toBeVisible({ timeout: 15_000 });
  await expect(message(31)).not.toBeInViewport();
  await jump.click();
  await expect(message(31)).toBeInViewport();
  // My own message brings me to the bottom too, and the composer stays where it is.
  await composer.fill('Message 32!');
  await composer.press('Enter');
  await expect(message(32)).toBeInViewport();
  expect(await inViewport(anna.page, composer)).toBe(true);

  // A gift asks first with its price and the balance after it; cancelling sends nothing.
  const giftLabel = log.getByText(t('chat.gift_label', { gift: t('gifts.rose') }));
  await pickGift(anna.page, 'rose');
  // 20 signup credits + 300 − 15 × 10 − 10 = 160 now.
  const ask = anna.page.getByRole('dialog', {
    name: t('chat.confirm_gift', { gift: t('gifts.rose'), name: ben.name }),
  });
  await expect(ask.getByText(t('chat.confirm_price', { count: 20 }))).toBeVisible();
  await expect(ask.getByText(t('chat.confirm_after', { count: 140 }))).toBeVisible();
  await screenshot(anna.page, 'chat-phone-gift-confirm-375');
  await ask.getByRole('button', { name: t('common.cancel') }).click();
  await expect(ask).toBeHidden();
  await expect(giftLabel).toHaveCount(0);
  await expect(anna.page.getByText(t('chat.balance', { count: 160 }))).toBeVisible();
  // Confirming sends it, charged once.
  await pickGift(anna.page, 'rose');
  await confirmPaidSend(anna.page, 20);
  await expect(giftLabel).toBeVisible();
  await expect(giftLabel).toBeInViewport();
  await expect(anna.page.getByText(t('chat.balance', { count: 140 }))).toBeVisible();

  // The draft is kept when the member leaves (to buy credits) and comes back.
  await composer.fill('A draft for later');
  await gotoHydrated(anna.page, '/credits');
  await anna.page.goBack();
  await waitForHydration(anna.page);
  await expect(anna.page.getByLabel(t('chat.write'))).toHaveValue('A draft for later');

  // The list shows the newest message and when it came.
  await gotoHydrated(anna.page, '/chats');
  const entry = anna.page.getByRole('listitem').filter({ hasText: ben.name });
  await expect(entry).toContainText(t('chat.preview_mine', { text: t('chat.preview_gift') }));
  await expect(entry.locator('time')).toHaveText(new RegExp(`${t('chat.just_now')}|ago`));
  await screenshot(anna.page, 'chat-phone-list-375');
  await gotoHydrated(ben.page, '/chats');
  const benEntry = ben.page.getByRole('listitem').filter({ hasText: anna.name });
  await expect(benEntry).toContainText(t('chat.preview_gift'));
  // Anna has a page open (its realtime socket): online now. Once she leaves the site she was active recently.
  await expect(benEntry).toContainText(t('chat.online_now'));
  await anna.page.goto('about:blank');
  await expect(async () => {
    await gotoHydrated(ben.page, '/chats');
    await expect(benEntry).toContainText(t('chat.active_recently'), { timeout: 1000 });
  }).toPass();
  await ben.page.setViewportSize({ width: 1280, height: 800 });
  await gotoHydrated(ben.page, `/chats/${conversationId}`);
  await expect(ben.page.getByRole('log').getByText(t('chat.gift_label', { gift: t('gifts.rose') }))).toBeInViewport();
  expect(await inViewport(ben.page, ben.page.getByLabel(t('chat.write')))).toBe(true);
  await screenshot(ben.page, 'chat-desktop-1280');

  // Ben blocks Anna: her chat with him says so by name instead of a bare 404.
  const block = await ben.page.request.post('/api/block.php', {
    headers: CLIENT,
    data: { profile_id: anna.profileId },
  });
  expect(block.ok()).toBe(true);
  const blockedText = t('profile.blocked_by', { name: ben.name });
  const opened = await anna.page.goto(`/chats/${conversationId}`);
  expect(opened?.status()).toBe(403);
  await expect(anna.page.getByRole('alert')).toHaveText(blockedText);
  const first = await anna.page.goto(`/members/${ben.profileId}/chat`);
  expect(first?.status()).toBe(403);
  await expect(anna.page.getByRole('alert')).toHaveText(blockedText);
  await screenshot(anna.page, 'chat-phone-blocked-375');
});
