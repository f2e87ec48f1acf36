import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';

const PHOTO = path.resolve('server/test/fixtures/gps-photo.jpg');
const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);

/** The activation link of the newest activation email to an address, as a path. */
async function activationLink(page: Page, email: string): Promise<string> {
  const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { text: string; kind: string }[];
  const mail = mails.find((m) => m.kind === 'activation')!;
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  return link.pathname + link.search;
}

test.use({ viewport: { width: 375, height: 812 } });

test('a new member signs up, activates, is led through photo, about me and interests, then searches whom she looks for', async ({
  page,
}) => {
  await dismissEntryWarning(page);
  const stamp = `${Date.now()}`;
  const email = `onboard-${stamp}@example.com`;
  const wrongEmail = `onbaord-${stamp}@example.com`;
  const password = 'a quiet harbour at dawn 7';
  await gotoHydrated(page, '/signup');
  const next = page.getByRole('button', { name: t('common.continue') });

  // Step 0: who she is, whom she looks for, and the Art. 9 question as a plain yes/no, answered no.
  await page.getByText(t('signup.step0.woman'), { exact: true }).click();
  await page.getByText(t('signup.step0.looking_men'), { exact: true }).click();
  await expect(page.getByText(t('signup.step0.orientation_question'))).toBeVisible();
  await expect(page.getByText(t('consent.orientation_hint'))).toBeVisible();
  await page.getByText(t('signup.step0.orientation_no'), { exact: true }).click();
  await screenshot(page, 'onboarding-signup-step0-375');
  await next.click();
  // The new step's first field has the focus.
  await expect(page.getByLabel(t('signup.step1.dob_label'))).toBeFocused();
  await page.getByLabel(t('signup.step1.dob_label')).fill('1990-06-01');
  await next.click();
  await expect(page.getByLabel(t('signup.step2.name_label'))).toBeFocused();
  await page.getByLabel(t('signup.step2.name_label')).fill(`onboard${stamp.slice(-6)}`);
  await next.click();
  await page.getByLabel(t('auth.email')).fill(wrongEmail);
  await next.click();

  // The last step's problems come all at once: the terms and the repeated password together.
  await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
  await page.getByLabel(t('signup.step4.password_confirm_label')).fill(`${password}x`);
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page.getByText(t('validation.accept_terms'))).toBeVisible();
  await expect(page.getByText(t('validation.passwords_differ'))).toBeVisible();
  await screenshot(page, 'onboarding-signup-errors-375');
  await page.getByLabel(t('signup.step4.password_confirm_label')).fill(password);
  await page.locator('#signup-accept_terms').check();
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page.getByRole('heading', { name: t('signup.check_email.title') })).toBeVisible();

  // Wrong address? Change it: back to the address, every other answer kept.
  await page.getByRole('button', { name: t('signup.check_email.change_address') }).click();
  await expect(page.getByLabel(t('auth.email'))).toBeFocused();
  await page.getByLabel(t('auth.email')).fill(email);
  await next.click();
  await page.getByRole('button', { name: t('signup.submit') }).click();
  await expect(page.getByText(t('signup.check_email.text', { email }))).toBeVisible();
  await screenshot(page, 'onboarding-check-email-375');

  // Activation, then the first login leads to the welcome steps.
  const link = await activationLink(page, email);
  await gotoHydrated(page, link);
  await page.getByRole('button', { name: t('activate.confirm.submit') }).click();
  await page.waitForURL(/\/activate\/done$/);
  await page
    .locator('#main')
    .getByRole('link', { name: t('nav.login') })
    .click();
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('complete.steps.photo_title'));
  await page.locator('input[type=file]').setInputFiles(PHOTO);
  await expect(page.getByText(t('photos.main'), { exact: true })).toBeVisible();
  await screenshot(page, 'onboarding-photo-375');
  await page.getByRole('button', { name: t('common.continue') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('complete.title'));
  await page.getByLabel(t('complete.about')).fill('I like sailing and slow Sunday breakfasts.');
  await screenshot(page, 'onboarding-about-375');
  // About me is saved with a place; skipping goes on without saving.
  await page.getByRole('button', { name: t('complete.skip') }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('complete.steps.interests_title'));
  await page.locator('label[for="welcome-interest-hiking"]').click();
  await screenshot(page, 'onboarding-interests-375');
  await page.getByRole('button', { name: t('complete.finish') }).click();

  // Search shows the gender she looks for by default, without the Art. 9 consent.
  await expect(page).toHaveURL(/\/members$/);
  await expect(page.getByLabel(t('attributes.labels.gender'))).toHaveValue('male');
  await screenshot(page, 'onboarding-search-375');

  // The welcome is asked once: the next login goes to search.
  await page.context().clearCookies();
  await gotoHydrated(page, '/login');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/members$/);

  // A second click on the activation link says the account is active.
  await gotoHydrated(page, link);
  await expect(page).toHaveURL(/\/activate\/done\?already=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('activate.done.already_title'));
  await screenshot(page, 'onboarding-second-activation-375');
});
