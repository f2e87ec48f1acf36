import { expect, test } from '@playwright/test';
import { adminText, invitedStaff, ownerConsole } from './console-helpers.ts';
import { E2E_BASE_URL } from './constants.ts';
import { dismissEntryWarning, gotoHydrated, newestMail, screenshot, text, waitForHydration } from './helpers.ts';

test('a visitor’s complaint is answered and closed by a moderator; the answer reaches them by email in French', async ({
  browser,
}) => {
  const a = (key: string, values: Record<string, string> = {}) => adminText('en', key, values);
  // The visitor writes in French through the member-facing form.
  const visitorContext = await browser.newContext();
  await visitorContext.addCookies([{ name: 'i18n_redirected', value: 'fr', url: E2E_BASE_URL }]);
  const visitor = await visitorContext.newPage();
  await dismissEntryWarning(visitor);
  await gotoHydrated(visitor, '/complaints');
  const t = (key: string) => text('fr', key);
  const email = `complaint-inbox-${Date.now()}@example.com`;
  const message = `Mon abonnement a été débité deux fois (${Date.now()}). Merci de rembourser un paiement.`;
  await visitor.getByLabel(t('complaints.name_label'), { exact: true }).fill('Claire Martin');
  await visitor.getByLabel(t('complaints.email_label'), { exact: true }).fill(email);
  await visitor.getByLabel(t('complaints.topic_label'), { exact: true }).selectOption('billing');
  await visitor.getByLabel(t('complaints.message_label'), { exact: true }).fill(message);
  await visitor.getByRole('button', { name: t('complaints.submit') }).click();
  await expect(visitor.getByRole('heading', { name: t('complaints.success_title') })).toBeVisible();

  // A moderator finds it through the navigation, oldest first among the open ones.
  const owner = await ownerConsole(browser);
  const { page: mod } = await invitedStaff(browser, owner, 'moderator');
  await mod
    .getByRole('link', { name: a('moderation.complaints_nav') })
    .first()
    .click();
  await mod.waitForURL('**/admin/moderation/complaints');
  await waitForHydration(mod);
  await expect(mod.getByRole('heading', { level: 1, name: a('moderation.complaints_title') })).toBeVisible();
  const card = mod.getByRole('article').filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Claire Martin');
  await expect(card).toContainText(email);
  await expect(card).toContainText(a('moderation.complaint_visitor'));
  await expect(card).toContainText('Français');
  await screenshot(mod, 'console-complaints-1280');

  // The reply: the limit is shown, sending needs text.
  const reply = 'Nous avons remboursé le second prélèvement. Il apparaîtra sous 5 jours ouvrés.';
  const send = card.getByRole('button', { name: a('moderation.complaint_send') });
  await expect(send).toBeDisabled();
  await card.getByLabel(a('moderation.complaint_reply'), { exact: true }).fill(reply);
  await expect(card).toContainText(a('moderation.complaint_chars', { n: String(reply.length), max: '5000' }));
  await send.click();
  await expect(mod.getByText(a('moderation.complaint_sent'))).toBeVisible();
  await expect(card).toHaveCount(0);

  // The sender gets the answer by email, in the language they wrote in.
  const mail = await newestMail(visitor, email, 'complaint_reply');
  expect(mail.text).toContain(reply);
  expect((mail as { subject?: string }).subject).toContain('réclamation');

  // Answered, then closed.
  await mod.getByLabel(a('moderation.filter_status')).first().selectOption('answered');
  await expect(card).toBeVisible();
  await expect(card).toContainText(reply);
  await expect(card.locator('.badge')).toHaveText(a('moderation.complaint_statuses.answered'));
  await card.getByLabel(a('moderation.filter_status')).selectOption('closed');
  await card.getByRole('button', { name: a('moderation.complaint_set_status') }).click();
  await expect(mod.getByText(a('moderation.complaint_status_set'))).toBeVisible();
  await expect(card).toHaveCount(0);
  await mod.locator('#complaints-status').selectOption('closed');
  await expect(card.locator('.badge')).toHaveText(a('moderation.complaint_statuses.closed'));

  // Usable on a phone.
  await mod.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  expect(await mod.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(mod, 'console-complaints-375');
});
