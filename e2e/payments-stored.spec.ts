import { expect, test, type Page } from '@playwright/test';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text, waitForHydration } from './helpers.ts';
import { CLIENT, E2E_BASE_URL } from './constants.ts';

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);

/** The bundles offered to the page's member. */
async function bundles(page: Page): Promise<{ id: number; credits: number }[]> {
  const res = await page.request.get('/api/packages.php', { headers: CLIENT });
  return (await res.json()).packages;
}

/** Buys the first bundle by credit card, keeping the card: the sandbox checkout offers its test cards. */
async function buyKeepingCard(page: Page, card: RegExp) {
  const [first] = await bundles(page);
  await gotoHydrated(page, `/credits/${first.id}`);
  await page.getByRole('button', { name: t('payment_methods.creditcard') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('credits.remember_card')).check();
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await page.getByLabel(card).check();
  await page.getByRole('button', { name: t('sandbox.pay'), exact: true }).click();
  await expect(page.getByRole('heading', { name: t('transactions.completed') })).toBeVisible();
}

test('repeat order: a kept card buys again in one click; a declined card offers a retry or PayPal', async ({
  browser,
}) => {
  const anna = await confirmedMember(browser, 'annarepeats');
  const page = anna.page;
  await page.context().addCookies([{ name: 'country', value: 'DE', url: E2E_BASE_URL }]);
  await buyKeepingCard(page, /Visa •••• 4242/);
  // Started from the conversations (a chat's "buy credits"): the one-click purchase leads back there too.
  await gotoHydrated(page, '/credits?redirect=%2Fchats');
  await page.getByRole('link', { name: t('credits.repeat_link', { card: 'Visa •••• 4242' }) }).click();
  await expect(page).toHaveURL(/\/credits\/repeat-order\?redirect=%2Fchats$/);
  await expect(page.getByText(t('repeat_order.intro', { card: 'Visa •••• 4242' }))).toBeVisible();
  await screenshot(page, 'repeat-order-1280');
  // 20 signup credits + 50 bought; now 120 more without a checkout.
  await page.getByRole('button', { name: t('repeat_order.buy_label', { credits: 120, price: '€14.99' }) }).click();
  await expect(page.getByRole('heading', { name: t('transactions.completed') })).toBeVisible();
  await expect(page.getByText(t('transactions.added', { count: 120 }))).toBeVisible();
  await expect(page.getByRole('link', { name: t('transactions.continue') })).toHaveAttribute('href', '/chats');
  await page.goto('/credits');
  await expect(page.getByText(t('credits.balance', { count: 190 }))).toBeVisible();

  // Another member's card is declined on later charges.
  const ben = await confirmedMember(browser, 'bendeclined');
  const declined = ben.page;
  await declined.context().addCookies([{ name: 'country', value: 'DE', url: E2E_BASE_URL }]);
  await buyKeepingCard(declined, /Mastercard •••• 0341/);
  await gotoHydrated(declined, '/credits/repeat-order');
  await declined.setViewportSize({ width: 375, height: 800 });
  await declined.getByRole('button', { name: t('repeat_order.buy_label', { credits: 50, price: '€7.49' }) }).click();
  const alert = declined.getByRole('alert');
  await expect(alert.getByRole('heading')).toHaveText(t('errors.card_payment_failed'));
  await screenshot(declined, 'repeat-order-failed-375');
  // Retry fails the same way and changes nothing; PayPal leads to its confirm modal for the same bundle.
  await alert.getByRole('button', { name: t('repeat_order.retry') }).click();
  await expect(alert.getByRole('heading')).toHaveText(t('errors.card_payment_failed'));
  await alert.getByRole('link', { name: t('repeat_order.pay_paypal') }).click();
  await expect(declined).toHaveURL(/\/credits\/\d+\/paypal$/);
  await expect(declined.getByRole('dialog', { name: t('payment_methods.paypal') })).toBeVisible();
  const res = await declined.request.get('/api/user.php', { headers: CLIENT });
  expect((await res.json()).user.credits).toBe(70);
});

test('direct debit in Dutch: IBAN and mobile checked, the SMS code from the mailbox, credits once collected', async ({
  browser,
}) => {
  const nl = (key: string, options?: Record<string, unknown>) => text('nl', key, options);
  const jan = await confirmedMember(browser, 'janincasso', { locale: 'nl', gender: 'male', lookingFor: 'female' });
  const page = jan.page;
  await page.context().addCookies([{ name: 'country', value: 'NL', url: E2E_BASE_URL }]);
  const packs = await bundles(page);
  // Started from the conversations: the way back is kept through the mandate and the SMS code.
  await gotoHydrated(page, `/credits/${packs[0].id}?redirect=%2Fchats`);
  await page.getByRole('button', { name: nl('payment_methods.directdebit') }).click();
  await expect(page).toHaveURL(new RegExp(`/directdebit\\?package=${packs[0].id}&redirect=%2Fchats$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nl('directdebit.title'));

  const field = (name: string) => page.getByLabel(nl(`directdebit.fields.${name}`), { exact: true });
  await field('account_holder').fill('Jan Jansen');
  await field('iban').fill('NL91 ABNA 0417 1643 01');
  await field('street').fill('Damrak');
  await field('house_number').fill('1');
  await field('zip').fill('1012 JS');
  await field('city').fill('Amsterdam');
  await field('phone').fill('020 123 4567');
  await page.getByRole('button', { name: nl('directdebit.send_code') }).click();
  // A wrong IBAN check digit, a landline number and the missing consent: each says what is wrong; nothing is sent.
  await expect(page.getByText(nl('validation.iban_invalid'))).toBeVisible();
  await expect(page.getByText(nl('validation.mobile_invalid'))).toBeVisible();
  await expect(page.getByText(nl('validation.consent_required'))).toBeVisible();
  await expect(field('iban')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'directdebit-errors-nl');
  await field('iban').fill('NL91 ABNA 0417 1643 00');
  await field('phone').fill('06 1234 5678');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: nl('directdebit.send_code') }).click();
  await expect(page.getByText(nl('directdebit.code_sent', { phone: '+31 •••• •• 78' }))).toBeVisible();

  // The SMS went to the dev mailbox, addressed to the number.
  const [sms] = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent('+31612345678')}`)).json();
  expect(sms.kind).toBe('sms');
  const code = /\b(\d{6})\b/.exec(sms.text)![1];
  const codeInput = page.getByRole('textbox', { name: nl('directdebit.code_label'), exact: true });
  await codeInput.fill(code === '000000' ? '000001' : '000000');
  await page.getByRole('button', { name: /^Bevestig/ }).click();
  await expect(page.getByRole('alert')).toContainText(nl('errors.code_invalid'));
  await expect(page.getByRole('alert')).toContainText(nl('directdebit.tries_left', { count: 4 }));
  await screenshot(page, 'directdebit-code-nl');
  await codeInput.fill(code);
  await page.getByRole('button', { name: /^Bevestig/ }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}\?redirect=%2Fchats$/);
  await expect(page.getByRole('heading', { name: nl('transactions.pending') })).toBeVisible();
  await expect(page.getByText(nl('transactions.pending_directdebit'))).toBeVisible();
  // Collection can take days: the member need not wait here.
  await expect(page.getByRole('link', { name: nl('transactions.continue') })).toHaveAttribute('href', '/chats');
  // The sandbox bank collects after a few seconds; the page follows by itself.
  await expect(page.getByRole('heading', { name: nl('transactions.completed') })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(nl('transactions.added', { count: packs[0].credits }))).toBeVisible();
});

test('time bonus: banner with a countdown in the members area, the popup after 40 s only with 0 credits, dismissal kept', async ({
  browser,
}) => {
  const eva = await confirmedMember(browser, 'evabonus');
  const page = eva.page;
  await grantCredits(page, eva.email, -20);
  await page.clock.install();
  await gotoHydrated(page, '/members');
  const banner = page.getByRole('complementary', { name: t('time_bonus.banner_label') });
  await expect(banner).toContainText(t('time_bonus.banner', { percent: 25 }));
  const countdown = banner.locator('time');
  await expect(countdown).toHaveText(/^03:5\d:\d\d$/);
  const before = await countdown.textContent();
  await page.clock.runFor(2000);
  await expect(countdown).not.toHaveText(before!);
  await screenshot(page, 'time-bonus-banner');

  // Leaving the members area before 40 s cancels the timer: the banner leads to the credits page (outside the
  // area), where the welcome discount applies; no popup there.
  await page.clock.runFor(30_000);
  await banner.getByRole('link', { name: t('time_bonus.cta', { percent: 25 }) }).click();
  await expect(page).toHaveURL(/\/credits$/);
  await expect(banner).toHaveCount(0);
  await page.clock.runFor(20_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Back in the area: 39 s nothing, at 40 s the welcome-bonus modal with 25%.
  await gotoHydrated(page, '/chats');
  await page.clock.runFor(39_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.clock.runFor(1500);
  const modal = page.getByRole('dialog', { name: t('time_bonus.modal_title') });
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('25%');
  await expect(modal).toContainText(t('time_bonus.modal_urgency'));
  await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await screenshot(page, 'time-bonus-modal');
  await modal.getByRole('button', { name: t('alerts.dismiss') }).click();
  await expect(modal).toHaveCount(0);
  expect(await page.evaluate(() => window.localStorage.getItem('hide-time-bonus-modal'))).toMatch(/^\d+$/);
  // Dismissed: not again after a reload.
  await page.reload();
  await waitForHydration(page);
  await page.clock.runFor(45_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // No banner over a conversation list (issue 31); back in search it is there.
  await expect(banner).toHaveCount(0);
  await gotoHydrated(page, '/members');
  await expect(banner).toBeVisible();
});

test('time bonus: no popup for a member with credits', async ({ browser }) => {
  const ida = await confirmedMember(browser, 'idacredits');
  const page = ida.page;
  await page.clock.install();
  await gotoHydrated(page, '/members');
  await expect(page.getByRole('complementary', { name: t('time_bonus.banner_label') })).toBeVisible();
  await page.clock.runFor(45_000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
