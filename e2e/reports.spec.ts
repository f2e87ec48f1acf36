import { expect, test } from '@playwright/test';
import { confirmedMember, dismissEntryWarning, gotoHydrated, screenshot, text } from './helpers.ts';

for (const lng of ['en', 'pl']) {
  test(`a visitor sends a complaint and gets a confirmation email (${lng})`, async ({ page, context, baseURL }) => {
    const t = (key: string) => text(lng, key);
    await context.addCookies([{ name: 'i18n_redirected', value: lng, url: baseURL! }]);
    await dismissEntryWarning(page);
    await gotoHydrated(page, '/complaints');
    const email = `complainer-${lng}-${Date.now()}@example.com`;
    // An empty form is refused with localized field messages, and nothing is sent.
    await page.getByRole('button', { name: t('complaints.submit') }).click();
    await expect(page.getByText(t('complaints.errors.name_required'))).toBeVisible();
    await page.getByLabel(t('complaints.name_label'), { exact: true }).fill('Jana Nowak');
    await page.getByLabel(t('complaints.email_label'), { exact: true }).fill(email);
    await page.getByLabel(t('complaints.topic_label'), { exact: true }).selectOption('billing');
    await page
      .getByLabel(t('complaints.message_label'), { exact: true })
      .fill('I was charged twice for the same credit bundle on 3 November. Please refund one of the payments.');
    await page.getByRole('button', { name: t('complaints.submit') }).click();
    await expect(page.getByRole('heading', { name: t('complaints.success_title') })).toBeVisible();
    await screenshot(page, `complaint-sent-${lng}`);
    const mails = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/#\d+/);
  });
}

test('a member reports a profile from the profile screen', async ({ browser }) => {
  const target = await confirmedMember(browser, 'tom', { gender: 'male', lookingFor: 'female' });
  const reporter = await confirmedMember(browser, 'rita');
  const page = reporter.page;
  await gotoHydrated(page, `/members/${target.profileId}`);
  await page.getByRole('button', { name: text('en', 'reports.button'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(text('en', 'reports.reasons.fake_profile')).check();
  await dialog.getByLabel(text('en', 'reports.message_label')).fill('Uses photos of a celebrity.');
  await screenshot(page, 'report-dialog');
  await dialog.getByRole('button', { name: text('en', 'reports.submit') }).click();
  await expect(dialog.getByText(text('en', 'reports.success'))).toBeVisible();
  // Escape closes it. The confirmation takes focus as it appears; a key pressed in that instant can miss the modal, so
  // the press is repeated until the dialog is gone (never more than a few times).
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
});
