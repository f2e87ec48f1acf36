import { expect, test } from '@playwright/test';
import { adminText, ownerConsole } from './console-helpers.ts';
import { E2E_BASE_URL } from './constants.ts';
import { confirmedMember, gotoHydrated, screenshot, text } from './helpers.ts';

const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);

test('a refund from the console: the credits are taken back and the payment shows refunded', async ({ browser }) => {
  const buyer = await confirmedMember(browser, 'refundee');
  const page = buyer.page;
  await page.context().addCookies([{ name: 'country', value: 'DE', url: E2E_BASE_URL }]);
  const credits = async () => (await (await page.request.get('/api/user.php')).json()).user.credits as number;
  const before = await credits();
  await gotoHydrated(page, '/credits');
  await page
    .getByRole('link', { name: `${t('credits.choose')}: ${t('credits.package_credits', { count: 50 })}` })
    .click();
  await page.getByRole('button', { name: t('payment_methods.creditcard') }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: t('sandbox.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: t('transactions.completed') })).toBeVisible();
  const paymentId = /\/transactions\/([0-9a-f-]{36})$/.exec(page.url())![1];
  expect(await credits()).toBe(before + 50);

  const owner = await ownerConsole(browser);
  await owner.goto(`/admin/payments/view?paymentId=${paymentId}`);
  await expect(owner.locator('html[data-hydrated="true"]')).toBeAttached();
  owner.once('dialog', (d) => void d.accept());
  await owner.getByRole('button', { name: adminText('en', 'payments.refund') }).click();
  await expect(owner.getByText(adminText('en', 'payments.statuses.refunded')).first()).toBeVisible();
  await screenshot(owner, 'console-refund-1280');
  expect(await credits()).toBe(before);
});
