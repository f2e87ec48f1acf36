import fs from 'node:fs';
import { expect, type Browser, type Page, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { CLIENT, E2E_BASE_URL } from './constants.ts';
import {
  confirmedMember,
  dismissEntryWarning,
  gotoHydrated,
  linkIn,
  newestMail,
  screenshot,
  text,
  waitForHydration,
} from './helpers.ts';

// The privacy journey on a smartphone.
test.use({ viewport: { width: 375, height: 812 } });

/** A context of a visitor (no session) in a locale. */
async function visitorPage(browser: Browser, lng: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addCookies([{ name: 'i18n_redirected', value: lng, url: E2E_BASE_URL }]);
  const page = await context.newPage();
  await dismissEntryWarning(page);
  return page;
}

for (const lng of ['en', 'de']) {
  test(`orientation consent, data export, email change undone and erasure at 375 px (${lng})`, async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = (key: string, values: Record<string, unknown> = {}) => text(lng, key, values);
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: E2E_BASE_URL }]);
    await dismissEntryWarning(page);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `privacy-${lng}-${stamp}@example.com`;
    const moved = `moved-${lng}-${stamp}@example.com`;
    const password = 'Lanterns over the harbour 47';
    const name = `priv_${lng}_${stamp.slice(-6)}`;

    // Signup: the Art. 9 orientation question beside "looking for", unanswered at first; later, the terms box.
    await gotoHydrated(page, '/signup');
    const next = page.getByRole('button', { name: t('common.continue') });
    await page.getByText(t('signup.step0.woman'), { exact: true }).click();
    await page.getByText(t('signup.step0.looking_men'), { exact: true }).click();
    for (const answer of ['signup.step0.orientation_yes', 'signup.step0.orientation_no']) {
      await expect(page.getByRole('radio', { name: t(answer), exact: true })).not.toBeChecked();
    }
    await page.getByText(t('signup.step0.orientation_yes'), { exact: true }).click();
    await expect(page.getByRole('radio', { name: t('signup.step0.orientation_yes'), exact: true })).toBeChecked();
    await next.click();
    await page.getByLabel(t('signup.step1.dob_label')).fill('1990-06-15');
    await next.click();
    await page.getByLabel(t('signup.step2.name_label')).fill(name);
    await next.click();
    await page.getByLabel(t('auth.email')).fill(email);
    await next.click();
    await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
    await page.getByLabel(t('signup.step4.password_confirm_label')).fill(password);
    await page.locator('#signup-accept_terms').check();
    await screenshot(page, `privacy-signup-consents-${lng}-375`);
    await page.getByRole('button', { name: t('signup.submit') }).click();
    await expect(page.getByRole('heading', { name: t('signup.check_email.title') })).toBeVisible();

    // The activation link's page asks; its button confirms.
    await gotoHydrated(page, linkIn(await newestMail(page, email, 'activation'), '/'));
    await page.getByRole('button', { name: t('activate.confirm.submit') }).click();
    await expect(page).toHaveURL(/\/activate\/done$/);
    // Signup starts no session: the member logs in.
    expect((await page.request.post('/api/user.php', { headers: CLIENT, data: { email, password } })).status()).toBe(
      200,
    );

    // Profile: orientation is set (consent given) and hidden until the member chooses to show it.
    await gotoHydrated(page, '/profile');
    const showSwitch = page.locator('#profile-show_sexuality');
    await expect(showSwitch).not.toBeChecked();
    await expect(page.locator('#profile-sexuality')).toHaveValue('hetero');
    const publicHref = await page.getByRole('link', { name: t('my_profile.view_public') }).getAttribute('href');
    const profilePath = /\/members\/\d+$/.exec(publicHref ?? '')?.[0];
    expect(profilePath).toBeTruthy();
    const save = async () => {
      await page.getByRole('button', { name: t('my_profile.save') }).click();
      await expect(page.getByRole('status').filter({ hasText: t('my_profile.saved') })).toBeVisible();
    };
    // The profile needs a place before it can be saved.
    await page.getByLabel(t('lang_config.country'), { exact: true }).selectOption('DE');
    await page.locator('#profile-region').selectOption('BY');
    await page.getByLabel(t('complete.city'), { exact: true }).fill('München');
    await showSwitch.check();
    await save();
    await screenshot(page, `privacy-profile-show-orientation-${lng}-375`);

    // Another member sees it; a visitor never does.
    const other = await confirmedMember(browser, 'viewer', { locale: lng, gender: 'male', lookingFor: 'female' });
    const orientationTerm = (p: Page) => p.locator('dt', { hasText: t('attributes.labels.sexuality') });
    await gotoHydrated(other.page, profilePath!);
    await expect(other.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(orientationTerm(other.page)).toBeVisible();
    await expect(other.page.getByText(t('attributes.sexuality.hetero'), { exact: true })).toBeVisible();
    const visitor = await visitorPage(browser, lng);
    await gotoHydrated(visitor, profilePath!);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.locator('dt', { hasText: t('attributes.labels.gender') })).toBeVisible();
    await expect(orientationTerm(visitor)).toHaveCount(0);
    await expect(visitor.getByText(t('attributes.sexuality.hetero'), { exact: true })).toHaveCount(0);

    // Turned off: the other member no longer sees it.
    await showSwitch.uncheck();
    await save();
    await expect(showSwitch).not.toBeChecked();
    await gotoHydrated(other.page, profilePath!);
    await expect(other.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(other.page.locator('dt', { hasText: t('attributes.labels.gender') })).toBeVisible();
    await expect(orientationTerm(other.page)).toHaveCount(0);
    await other.page.context().close();
    await visitor.context().close();

    // Settings → Download my data: asked for, built (the section polls), downloaded and unzipped.
    await gotoHydrated(page, '/settings');
    const exportSection = page.locator('#data-export');
    await exportSection.getByRole('button', { name: t('privacy_export.request') }).click();
    const downloadLink = exportSection.getByRole('link', { name: t('privacy_export.download') });
    await expect(downloadLink).toBeVisible({ timeout: 30_000 });
    await exportSection.scrollIntoViewIfNeeded();
    await screenshot(page, `privacy-settings-export-ready-${lng}-375`);
    const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    expect(Object.keys(files)).toContain('conversations.json');
    const account = JSON.parse(strFromU8(files['account.json'])) as Record<string, unknown>;
    expect(JSON.stringify(account)).toContain(email);

    // Active sessions: this device is listed and marked.
    const sessionsCard = page.locator('[aria-labelledby="settings-sessions"]');
    await expect(sessionsCard.getByText(t('sessions.this_device'))).toBeVisible();
    // Withdrawing the orientation consent (after confirming) deletes the orientation, and says so.
    const privacyCard = page.locator('[aria-labelledby="settings-privacy"]');
    // The app's own dialog asks (not the browser's confirm()); its confirming button names the action.
    await privacyCard.getByRole('button', { name: t('consent.withdraw') }).click();
    const ask = page.getByRole('dialog', { name: t('consent.withdraw_confirm') });
    await expect(ask.getByRole('button', { name: t('common.cancel') })).toBeFocused();
    await ask.getByRole('button', { name: t('consent.withdraw') }).click();
    await expect(privacyCard.getByRole('status').filter({ hasText: t('consent.withdrawn') })).toBeVisible();

    // Email change with the current password, confirmed by the link sent to the new address.
    const emailForm = page.locator('form[aria-labelledby="settings-email"]');
    await emailForm.getByLabel(t('settings.new_email')).fill(moved);
    await emailForm.getByLabel(t('settings.old_password')).fill(password);
    await emailForm.getByRole('button', { name: t('settings.email_submit') }).click();
    await expect(page.getByRole('status').filter({ hasText: moved })).toBeVisible();
    await gotoHydrated(page, linkIn(await newestMail(page, moved, 'mail_change'), '/mail-change/do'));
    await page.getByRole('button', { name: t('settings.email_confirm_submit') }).click();
    await expect(page).toHaveURL(/\/mail-change\/do\?changed=1$/);
    await expect(page.getByRole('status').filter({ hasText: t('settings.email_changed') })).toBeVisible();

    // The old address is told at once, with an undo link: its page asks, its button restores and logs out everywhere.
    const undoLink = linkIn(await newestMail(page, email, 'email_changed'), '/mail-change/undo');
    await gotoHydrated(page, undoLink);
    await expect(page.getByText(t('mail_undo.text', { email }))).toBeVisible();
    await screenshot(page, `privacy-mail-undo-${lng}-375`);
    await page.getByRole('button', { name: t('mail_undo.submit') }).click();
    await expect(page).toHaveURL(/\/mail-change\/undo\?undone=1$/);
    await expect(page.getByRole('status').filter({ hasText: t('mail_undo.done') })).toBeVisible();
    const me = await page.request.get('/api/user.php', { headers: CLIENT });
    // The browser's own session ended too (authentication_required answers 403 in this API).
    expect(me.status()).toBe(403);
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings$/);

    // Logged in again with the old address.
    await waitForHydration(page);
    await page.getByLabel(t('auth.email')).fill(email);
    await page.getByLabel(t('auth.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: t('auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await waitForHydration(page);
    await expect(page.getByText(t('settings.email_current', { email }))).toBeVisible();

    // Delete the account.
    await page.getByRole('link', { name: t('settings.delete_link') }).click();
    await expect(page.getByRole('heading', { name: t('delete.offer_title') })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('button', { name: t('delete.continue') }).click();
    await page.getByLabel(t('delete.reason.break')).check();
    await page.getByLabel(t('delete.password')).fill(password);
    await page.getByRole('button', { name: t('delete.submit') }).click();
    await expect(page).toHaveURL(/\/account-deleted$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('delete.done_title'));
    await screenshot(page, `privacy-account-deleted-${lng}-375`);
  });
}
