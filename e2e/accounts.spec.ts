import { expect, type Page, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';

let counter = 0;

/** Walks the five signup steps in the current language and returns the credentials used. */
async function signUp(page: Page, lng: string, via: 'modal' | 'page' = 'page') {
  counter += 1;
  const email = `e2e-${lng}-${Date.now()}-${counter}@example.com`;
  const password = 'a long enough password';
  const name = `e2e_${lng}_${counter}${Date.now() % 10000}`;
  if (via === 'modal') {
    await gotoHydrated(page, '/?network={adnet}');
    await page
      .getByRole('main')
      .getByRole('link', { name: text(lng, 'home.cta_signup') })
      .click();
    await expect(page.getByRole('dialog', { name: text(lng, 'signup.title') })).toBeVisible();
  } else {
    await gotoHydrated(page, '/signup?network={adnet}');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'signup.title'));
  }
  const next = page.getByRole('button', { name: text(lng, 'common.continue') });
  await next.click();
  await expect(page.getByText(text(lng, 'validation.choose_gender'))).toBeVisible();
  await page.getByText(text(lng, 'signup.step0.woman'), { exact: true }).click();
  await page.getByText(text(lng, 'signup.step0.looking_men'), { exact: true }).click();
  if (via === 'modal') {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: text(lng, 'signup.title') })).toBeVisible();
  }
  await next.click();
  await page.getByLabel(text(lng, 'signup.step1.dob_label')).fill('1992-04-03');
  await next.click();
  await page.getByLabel(text(lng, 'signup.step2.name_label')).fill('@bad');
  await next.click();
  await expect(page.getByText(text(lng, 'validation.username_at'))).toBeVisible();
  await page.getByLabel(text(lng, 'signup.step2.name_label')).fill(name);
  await next.click();
  await page.getByLabel(text(lng, 'auth.email')).fill(email.replace('example.com', 'gmial.com'));
  await expect(page.getByRole('button', { name: /gmail\.com/ })).toBeVisible();
  await page.getByLabel(text(lng, 'auth.email')).fill(email);
  await next.click();
  await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill(password);
  await page.getByLabel(text(lng, 'signup.step4.password_confirm_label')).fill(password);
  await page.locator('#signup-accept_terms').check();
  await screenshot(page, `signup-step4-${lng}`);
  await page.getByRole('button', { name: text(lng, 'signup.submit') }).click();
  await expect(page.getByRole('heading', { name: text(lng, 'signup.check_email.title') })).toBeVisible();
  return { email, password, name };
}

/** Logs in after signing up (signup starts no session). */
async function logInAfterSignup(page: Page, lng: string, email: string, password: string) {
  await gotoHydrated(page, '/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'auth.login.title'));
  await page.getByLabel(text(lng, 'auth.email')).fill(email);
  await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: text(lng, 'auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);
}

async function activationLink(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const [mail] = (await res.json()) as { text: string; kind: string }[];
  expect(mail.kind).toBe('activation');
  return new URL(/https?:\/\/\S+/.exec(mail.text)![0]).pathname + new URL(/https?:\/\/\S+/.exec(mail.text)![0]).search;
}

for (const lng of ['en', 'nl', 'pl']) {
  test(`signup → activation email → confirmed and logged in (${lng})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    const { email, name, password } = await signUp(page, lng, 'modal');
    await logInAfterSignup(page, lng, email, password);
    await page.goto('/');
    await expect(page.getByRole('button', { name: text(lng, 'nav.account') })).toContainText(name);
    await expect(page.getByRole('status').filter({ hasText: email })).toBeVisible();
    await screenshot(page, `activation-reminder-${lng}`);
    // Opening the link only asks (mail scanners open links too); the button confirms.
    await gotoHydrated(page, await activationLink(page, email));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'activate.confirm.title'));
    await screenshot(page, `activate-confirm-${lng}`);
    await page.getByRole('button', { name: text(lng, 'activate.confirm.submit') }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'activate.done.title'));
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: email })).toHaveCount(0);
  });
}

for (const lng of ['en', 'it', 'sv']) {
  test(`login with a wrong password, then the right one, then logout (${lng})`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    const { email, password, name } = await signUp(page, lng);
    // Signup starts no session: the check-email step offers the login.
    const loginLink = page.getByRole('link', { name: text(lng, 'nav.login'), exact: true }).last();
    await expect(loginLink).toBeVisible();
    await loginLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lng, 'auth.login.title'));
    await page.getByLabel(text(lng, 'auth.email')).fill(email);
    await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill('wrong password!');
    await page.getByRole('button', { name: text(lng, 'auth.login.submit') }).click();
    await expect(page.getByRole('alert')).toHaveText(text(lng, 'errors.login_failed'));
    await page.getByLabel(text(lng, 'auth.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: text(lng, 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('button', { name: text(lng, 'nav.account') })).toContainText(name);
    await screenshot(page, `logged-in-home-${lng}`);
  });
}

test('a reused activation link tells the active member they are active, not that activation failed', async ({
  page,
}) => {
  await dismissEntryWarning(page);
  const { email } = await signUp(page, 'en');
  const link = await activationLink(page, email);
  await gotoHydrated(page, link);
  await page.getByRole('button', { name: text('en', 'activate.confirm.submit') }).click();
  await expect(page).toHaveURL(/\/activate\/done$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'activate.done.already_title'));
});

test('on a smartphone the signup button opens the signup page instead of the modal', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, '/');
  await page
    .getByRole('main')
    .getByRole('link', { name: text('en', 'home.cta_signup') })
    .click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the member signup page opens the modal with the member block', async ({ page }) => {
  await dismissEntryWarning(page);
  await page.goto('/');
  const href = await page.locator('a.member-card').first().getAttribute('href');
  const id = /\/members\/(\d+)/.exec(href ?? '')?.[1];
  await page.goto(`/members/${id}/signup`);
  const dialog = page.getByRole('dialog', { name: text('en', 'signup.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Sign up free to chat with /)).toBeVisible();
  await screenshot(page, 'member-signup');
});
