import { expect, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

test('two members chat: first message from the profile, unread badge and title, reply, delete', async ({ browser }) => {
  const t = (key: string) => text('en', key);
  const anna = await confirmedMember(browser, 'annachat');
  const ben = await confirmedMember(browser, 'benchat', { gender: 'male', lookingFor: 'female' });

  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('link', { name: t('chat.message'), exact: true }).click();
  await expect(anna.page).toHaveURL(new RegExp(`/members/${ben.profileId}/chat$`));
  await waitForHydration(anna.page);
  // The icebreaker modal suggests openers with the member's name.
  await anna.page.getByRole('button', { name: t('chat.icebreaker.button') }).click();
  await anna.page
    .getByRole('dialog')
    .getByRole('button', { name: /Your profile made me smile/ })
    .click();
  await expect(anna.page.getByLabel(t('chat.write'))).toHaveValue(/^Hi benchat\d+! Your profile made me smile/);
  await expect(anna.page.getByLabel(t('chat.write'))).toBeFocused();
  await anna.page.getByLabel(t('chat.write')).fill('Hi Ben, how are you?');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  await expect(anna.page.getByRole('log').getByText('Hi Ben, how are you?')).toBeVisible();

  // Ben sees the unread message in the Messages badge and the title.
  await gotoHydrated(ben.page, '/chats');
  await expect(ben.page.getByRole('link', { name: /Messages/ }).locator('.badge')).toHaveText(/1/, { timeout: 15_000 });
  await expect(ben.page).toHaveTitle(/^\(1\) /);
  await ben.page.getByRole('link', { name: /annachat/ }).click();
  await expect(ben.page.getByRole('log').getByText('Hi Ben, how are you?')).toBeVisible();
  await expect(ben.page.getByRole('link', { name: /Messages/ }).locator('.badge')).toHaveCount(0);
  await ben.page.getByLabel(t('chat.write')).fill('Great, thanks Anna!');
  await ben.page
    .getByRole('button', {
      name: `${t('chat.send')} ${text('en', 'common.credits_count', { count: 10 })}`,
      exact: true,
    })
    .click();
  await expect(ben.page.getByRole('log').getByText('Great, thanks Anna!')).toBeVisible();
  await screenshot(ben.page, 'chat-1280');

  // Anna's open conversation picks the reply up without a reload.
  await expect(anna.page.getByRole('log').getByText('Great, thanks Anna!')).toBeVisible({ timeout: 15_000 });
  await anna.page.setViewportSize({ width: 375, height: 800 });
  await screenshot(anna.page, 'chat-375');

  // Deleting the conversation removes it from Anna's list at once.
  await anna.page.setViewportSize({ width: 1280, height: 800 });
  // The app's own dialog asks first (never the browser's confirm()).
  await anna.page.getByRole('button', { name: /Delete the conversation with/ }).click();
  await anna.page
    .getByRole('dialog')
    .getByRole('button', { name: t('chat.delete'), exact: true })
    .click();
  await expect(anna.page).toHaveURL(/\/chats$/);
  await expect(anna.page.getByText(t('chat.none'))).toBeVisible();
});
