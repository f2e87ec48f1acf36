import { expect, type Page, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';
import { CLIENT } from './constants.ts';

/** Creates a member through the API (sharing the browser's cookies) and returns the credentials. */
async function apiSignup(page: Page) {
  const email = `recovery-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'first password here';
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `rec_${Date.now() % 100000}`,
      password,
      password_confirmation: password,
      date_of_birth: '1985-07-07',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  expect(res.status()).toBe(200);
  // Signup starts no session: the member logs in, in the same browser context.
  const login = await page.request.post('/api/user.php', { headers: CLIENT, data: { email, password } });
  expect(login.status()).toBe(200);
  return { email, password };
}

/** JOB_POLL_MS (server/main.ts) and a margin: reset and reactivation requests are emailed by the job loop. */
const JOB_LOOP_WAIT_MS = 25_000;

/** The link of the newest email to an address, once it is there and of the expected kind. */
async function mailLink(page: Page, email: string, kind: string): Promise<string> {
  let newest: { kind: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        [newest] = (await res.json()) as { kind: string; text: string }[];
        return newest?.kind;
      },
      { timeout: JOB_LOOP_WAIT_MS },
    )
    .toBe(kind);
  const link = new URL(/https?:\/\/\S+/.exec(newest!.text)![0]);
  return link.pathname + link.search;
}

for (const lng of ['en', 'de', 'fr']) {
  test(`password reset by email (${lng})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    const { email } = await apiSignup(page);
    await page.request.get('/api/logout.php', { headers: CLIENT });
    await gotoHydrated(page, '/login');
    await page.getByRole('link', { name: text(lng, 'auth.login.forgot') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'reset.title'));
    await page.getByLabel(text(lng, 'auth.email')).fill(email);
    await page.getByRole('button', { name: text(lng, 'reset.submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: text(lng, 'reset.sent') })).toBeVisible();
    await gotoHydrated(page, await mailLink(page, email, 'reset'));
    await page.getByLabel(text(lng, 'settings.new_password')).fill('second password here');
    await page.getByLabel(text(lng, 'signup.step4.password_confirm_label')).fill('second password here');
    await page.getByRole('button', { name: text(lng, 'reset.save') }).click();
    await expect(page).toHaveURL(/\/settings\?password_reset=1$/);
    await expect(page.getByRole('status').filter({ hasText: text(lng, 'settings.password_changed') })).toBeVisible();
    await screenshot(page, `settings-after-reset-${lng}`);
  });
}

for (const lng of ['en', 'nl', 'pl']) {
  test(`delete the account, then reactivate it within 14 days (${lng})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    const { email, password } = await apiSignup(page);
    await gotoHydrated(page, '/settings');
    await page.getByRole('link', { name: text(lng, 'settings.delete_link') }).click();
    await expect(page.getByRole('heading', { name: text(lng, 'delete.offer_title') })).toBeVisible();
    await page.getByRole('button', { name: text(lng, 'delete.discount_cta').replace('{{percent}}', '50') }).click();
    await expect(page.getByRole('status').filter({ hasText: /STAY-[A-Z0-9]{8}/ })).toBeVisible();
    await screenshot(page, `delete-retention-offer-${lng}`);
    await page.getByRole('button', { name: text(lng, 'delete.continue') }).click();
    await page.getByLabel(text(lng, 'delete.reason.break')).check();
    await page.getByLabel(text(lng, 'delete.password')).fill(password);
    await page.getByRole('button', { name: text(lng, 'delete.submit') }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'delete.done_title'));
    await gotoHydrated(page, '/login');
    await page.getByLabel(text(lng, 'auth.email')).fill(email);
    await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text(lng, 'auth.login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text(lng, 'errors.account_pending_deletion'));
    await page.getByRole('button', { name: text(lng, 'auth.login.reactivate') }).click();
    await expect(page.getByText(text(lng, 'auth.login.reactivation_sent'))).toBeVisible();
    // Opening the link only asks (mail scanners open links too); the button reactivates and the member logs in.
    await gotoHydrated(page, await mailLink(page, email, 'reactivation'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'reactivate.title'));
    await screenshot(page, `reactivate-confirm-${lng}`);
    await page.getByRole('button', { name: text(lng, 'reactivate.submit') }).click();
    await expect(page).toHaveURL(/\/login\?reactivated=1$/);
    await expect(page.getByRole('status').filter({ hasText: text(lng, 'auth.login.reactivated') })).toBeVisible();
    await waitForHydration(page);
    await page.getByLabel(text(lng, 'auth.email')).fill(email);
    await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text(lng, 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
  });
}

for (const lng of ['en', 'fi']) {
  test(`change the email address by the link sent to the new one (${lng})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    const { email, password } = await apiSignup(page);
    const moved = email.replace('recovery-', 'moved-');
    await gotoHydrated(page, '/settings');
    const emailForm = page.locator('form[aria-labelledby="settings-email"]');
    await emailForm.getByLabel(text(lng, 'settings.new_email')).fill(moved);
    // The current password: a session alone cannot move the address.
    await emailForm.getByLabel(text(lng, 'settings.old_password')).fill(password);
    await emailForm.getByRole('button', { name: text(lng, 'settings.email_submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: moved })).toBeVisible();
    // Opening the link only shows which address it confirms (mail scanners open links too); the button changes it.
    await gotoHydrated(page, await mailLink(page, moved, 'mail_change'));
    await expect(page.getByText(text(lng, 'settings.email_confirm_text', { email: moved }))).toBeVisible();
    await screenshot(page, `mail-change-confirm-${lng}`);
    await page.getByRole('button', { name: text(lng, 'settings.email_confirm_submit') }).click();
    await expect(page).toHaveURL(/\/mail-change\/do\?changed=1$/);
    await expect(page.getByRole('status').filter({ hasText: text(lng, 'settings.email_changed') })).toBeVisible();
    await page.request.get('/api/logout.php', { headers: CLIENT });
    const login = await page.request.post('/api/user.php', { headers: CLIENT, data: { email: moved, password } });
    expect(login.status()).toBe(200);
  });
}

test('the settings page needs a login and comes back after it', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);
});

test('a new member completes the profile with country, region and city', async ({ page }) => {
  await dismissEntryWarning(page);
  await apiSignup(page);
  await gotoHydrated(page, '/complete-signup?step=about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'complete.title'));
  await page.getByLabel('Country').selectOption('PL');
  await page.getByLabel('Voivodeship').selectOption({ label: 'Małopolskie' });
  await page.getByLabel(text('en', 'complete.city')).fill('Kraków');
  await page.getByLabel(text('en', 'complete.about')).fill('I love long walks along the Vistula.');
  await page.getByRole('button', { name: text('en', 'complete.submit') }).click();
  // The welcome steps go on to interests (then search).
  await expect(page).toHaveURL(/\/complete-signup\?step=interests$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'complete.steps.interests_title'));
  await page.goto('/complete-signup?step=about');
  await expect(page.getByLabel(text('en', 'complete.city'))).toHaveValue('Kraków');
  await expect(page.getByLabel('Voivodeship')).toHaveValue(/.+/);
});
