import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text, waitForHydration } from './helpers.ts';
import { CLIENT, E2E_BASE_URL } from './constants.ts';

/** Money moments and the app's own dialogs on a phone (issue 31). */
const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
const PHONE = { width: 375, height: 812 };
const PHOTO = path.resolve('server/test/fixtures/gps-photo.jpg');

/** The card of the 50-credit bundle on /credits. */
const bundle50 = (page: Page) =>
  page
    .locator('.package')
    .filter({ has: page.getByRole('heading', { name: t('credits.package_credits', { count: 50 }), exact: true }) });

/** The navigation's "Get Premium" link, also while the phone's menu is collapsed. */
const getPremium = (page: Page) =>
  page
    .getByRole('banner')
    .or(page.locator('nav').first())
    .getByRole('link', {
      name: t('nav.get_premium'),
      includeHidden: true,
    });

test('bundles show the discount, a STAY code applies by itself, a purchase from a chat returns there as premium', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const anna = await confirmedMember(browser, 'annamoney');
  const ben = await confirmedMember(browser, 'benmoney', { gender: 'male', lookingFor: 'female' });
  const page = anna.page;
  await page.context().addCookies([{ name: 'country', value: 'DE', url: E2E_BASE_URL }]);
  await page.setViewportSize(PHONE);

  // A new member's welcome discount (25%) shows on the bundle cards: the regular price struck, the price to pay.
  await gotoHydrated(page, '/credits');
  const card = bundle50(page);
  await expect(card.locator('del')).toHaveText(`${t('credits.regular_price')} €7.49`);
  await expect(card.locator('ins')).toHaveText(`${t('credits.discounted_price', { percent: 25 })} €5.62`);
  await expect(card.getByText(t('credits.discount_badge', { percent: 25 }))).toBeVisible();
  await screenshot(page, 'money-bundles-welcome-375');

  // A retention STAY code (50%) beats the welcome discount and applies by itself; another code can still be entered.
  const offer = await page.request.post('/api/retention-offer.php', { headers: CLIENT, data: {} });
  expect(offer.ok()).toBe(true);
  await gotoHydrated(page, '/credits');
  await expect(card.locator('ins')).toHaveText(`${t('credits.discounted_price', { percent: 50 })} €3.75`);

  // Out of credits in a new conversation: the blocker's "Buy credits" carries the chat through checkout.
  await grantCredits(page, anna.email, -100_000);
  await gotoHydrated(page, `/members/${ben.profileId}`);
  await page.getByRole('link', { name: t('chat.message'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${ben.profileId}/chat$`));
  await waitForHydration(page);
  const chatUrl = new URL(page.url()).pathname;
  await page.getByLabel(t('chat.write')).fill('Hi Ben, one moment, buying credits');
  await page.getByLabel(t('chat.write')).press('Enter');
  await page.getByRole('link', { name: t('chat.buy_credits') }).click();
  await expect(page).toHaveURL(/\/credits\?redirect=/);
  await waitForHydration(page);
  await expect(getPremium(page)).toHaveCount(1);
  await card
    .getByRole('link', { name: `${t('credits.choose')}: ${t('credits.package_credits', { count: 50 })}` })
    .click();
  await expect(page.getByRole('heading', { name: t('credits.method_title') })).toBeVisible();
  await waitForHydration(page);
  const applied = page.getByRole('status').filter({ hasText: t('credits.discount_badge', { percent: 50 }) });
  await expect(applied).toContainText(/STAY-[A-Z0-9]{8}/);
  await expect(applied).toContainText('€3.75');
  await expect(page.getByLabel(t('credits.discount_another'))).toBeVisible();
  await screenshot(page, 'money-method-stay-375');
  await page.getByRole('button', { name: t('payment_methods.creditcard') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: t('credits.pay', { price: '€3.75' }) })
    .click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: t('sandbox.pay'), exact: true }).click();

  // Paid: premium at once, without a reload (the navigation no longer offers Get Premium), and the way back.
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}\?redirect=/);
  await expect(page.getByRole('heading', { name: t('transactions.completed') })).toBeVisible();
  await expect(getPremium(page)).toHaveCount(0);
  await screenshot(page, 'money-paid-375');
  await page.getByRole('link', { name: t('transactions.continue') }).click();
  await expect(page).toHaveURL(new RegExp(`${chatUrl.replace(/\//g, '\\/')}$`));
  await expect(page.getByLabel(t('chat.write'))).toBeVisible();
  await screenshot(page, 'money-back-in-chat-375');
});

test('deleting a photo asks with the app’s dialog, keyboard first on Cancel', async ({ browser }) => {
  const { page } = await confirmedMember(browser, 'paulaphoto');
  await page.setViewportSize(PHONE);
  await gotoHydrated(page, '/profile');
  await page.locator('input[type=file]').setInputFiles(PHOTO);
  const remove = page.getByRole('button', { name: t('photos.delete_n', { n: 1 }) });
  await expect(remove).toBeVisible();
  let browserDialog = false;
  page.on('dialog', (d) => {
    browserDialog = true;
    void d.dismiss();
  });
  await remove.click();
  const ask = page.getByRole('dialog', { name: t('photos.delete_confirm') });
  await expect(ask.getByRole('button', { name: t('common.cancel') })).toBeFocused();
  await screenshot(page, 'money-photo-delete-dialog-375');
  // Escape keeps the photo; confirming deletes it.
  await page.keyboard.press('Escape');
  await expect(ask).toBeHidden();
  await expect(remove).toBeVisible();
  await remove.click();
  await ask.getByRole('button', { name: t('photos.delete') }).click();
  await expect(page.getByText(t('photos.empty'))).toBeVisible();
  expect(browserDialog).toBe(false);
});
