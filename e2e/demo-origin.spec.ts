import { expect, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';
import { CLIENT, E2E_PORT } from './constants.ts';

const t = (key: string, options?: Record<string, unknown>) => text('en', key, options);
/** The demo opened by its IP address instead of `localhost` (issue #13 item 18). */
const ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

test('at http://127.0.0.1 the activation link and the sandbox checkout lead back there, to the paid result page', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: ORIGIN });
  await context.addCookies([{ name: 'country', value: 'DE', url: ORIGIN }]);
  const page = await context.newPage();
  await dismissEntryWarning(page);
  const email = `ipdemo-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `ipdemo${Date.now() % 100000}`,
      password: 'journey password 1',
      password_confirmation: 'journey password 1',
      date_of_birth: '1991-03-03',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  expect(signup.ok()).toBe(true);

  // The activation email links to the address the member signed up at, scheme and port included.
  const [mail] = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  expect(link.origin).toBe(ORIGIN);
  await gotoHydrated(page, link.href);
  await page.getByRole('button', { name: t('activate.confirm.submit') }).click();
  await expect(page).toHaveURL(`${ORIGIN}/activate/done`);
  // Signup starts no session: the member logs in.
  const login = await page.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email, password: 'journey password 1' },
  });
  expect(login.status()).toBe(200);

  // Buy the first bundle by card; the sandbox checkout's return must not be blocked (CSP form-action).
  await gotoHydrated(page, '/credits');
  await page
    .getByRole('link', { name: `${t('credits.choose')}: ${t('credits.package_credits', { count: 50 })}` })
    .click();
  await expect(page.getByRole('heading', { name: t('credits.method_title') })).toBeVisible();
  await page.getByRole('button', { name: t('payment_methods.creditcard') }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/sandbox/checkout/sbx_`));
  await page.getByRole('button', { name: t('sandbox.pay'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/transactions/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { name: t('transactions.completed') })).toBeVisible();
  await expect(page.getByText(t('transactions.added', { count: 50 }))).toBeVisible();
  await screenshot(page, 'transaction-paid-127-0-0-1');
  await context.close();
});
