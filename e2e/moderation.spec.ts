import { expect, test } from '@playwright/test';
import { adminText, ownerConsole } from './console-helpers.ts';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

test('a report leads to a ban: the member is logged out at once and sees the ban page', async ({ browser }) => {
  const target = await confirmedMember(browser, 'bert', { gender: 'male', lookingFor: 'female' });
  const reporter = await confirmedMember(browser, 'rosa');
  await gotoHydrated(reporter.page, `/members/${target.profileId}`);
  await reporter.page.getByRole('button', { name: text('en', 'reports.button'), exact: true }).click();
  const dialog = reporter.page.getByRole('dialog');
  await dialog.getByLabel(text('en', 'reports.reasons.fake_profile')).check();
  await dialog.getByLabel(text('en', 'reports.message_label')).fill('Uses photos of a celebrity.');
  await dialog.getByRole('button', { name: text('en', 'reports.submit') }).click();
  await expect(dialog.getByText(text('en', 'reports.success'))).toBeVisible();

  // The reported member is online, with a live socket.
  await gotoHydrated(target.page, '/members');
  await expect(target.page.locator('html[data-realtime="open"]')).toBeAttached();

  const owner = await ownerConsole(browser);
  await owner.goto('/admin/moderation');
  await waitForHydration(owner);
  const row = owner.locator('tr', { hasText: `#${target.profileId}` });
  await row.getByRole('button', { name: adminText('en', 'moderation.open') }).click();
  await owner.locator('#decide-action').selectOption('ban');
  await owner.locator('#decide-reason').selectOption('fake_profile');
  await owner.locator('#decide-note').fill('Photos belong to someone else.');
  await screenshot(owner, 'console-report-ban-1280');
  await owner.getByRole('button', { name: adminText('en', 'moderation.decide') }).click();
  // The decided report leaves the open queue (other journeys' reports may still wait there).
  await expect(row).toHaveCount(0);

  // Logged out at once: the server closed the member's socket, and the page shows a visitor's view.
  await expect(target.page.locator('html[data-realtime="closed"]')).toBeAttached();
  await expect(target.page.getByRole('button', { name: text('en', 'nav.account') })).toHaveCount(0);
  // The next request of that browser shows the access-ban page.
  await target.page.goto('/members');
  await waitForHydration(target.page);
  expect(new URL(target.page.url()).pathname).toBe('/pages/ban');
  await expect(target.page.getByRole('heading', { level: 1 })).toBeVisible();
  await screenshot(target.page, 'banned-member-ban-page');
  // The statement of reasons reached the member.
  const mails = await (
    await target.page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(target.email)}`)
  ).json();
  expect(mails.length).toBeGreaterThan(1);
});
