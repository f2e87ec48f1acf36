import { expect, test } from '@playwright/test';
import { adminText, invitedStaff, ownerConsole } from './console-helpers.ts';
import { CLIENT } from './constants.ts';
import { confirmedMember, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

test('a moderator shows a profile hidden on a report again from the member page, whose long lists page', async ({
  browser,
}) => {
  const a = (key: string) => adminText('en', key);
  const target = await confirmedMember(browser, 'hidden', { gender: 'male', lookingFor: 'female' });
  const reporter = await confirmedMember(browser, 'reporter');
  await gotoHydrated(reporter.page, `/members/${target.profileId}`);
  await reporter.page.getByRole('button', { name: text('en', 'reports.button'), exact: true }).click();
  const dialog = reporter.page.getByRole('dialog');
  await dialog.getByLabel(text('en', 'reports.reasons.spam_scam')).check();
  await dialog.getByRole('button', { name: text('en', 'reports.submit') }).click();
  await expect(dialog.getByText(text('en', 'reports.success'))).toBeVisible();

  // The report is decided "hide profile".
  const owner = await ownerConsole(browser);
  const queue = await (await owner.request.get('/api/admin/moderation/reports?status=open')).json();
  const report = (queue.rows as { id: number; profileId: number }[]).find((r) => r.profileId === target.profileId)!;
  const decided = await owner.request.post('/api/admin/moderation/decide', {
    headers: CLIENT,
    data: { reportId: report.id, action: 'hide_profile', reason: 'spam_scam' },
  });
  expect(decided.ok()).toBe(true);
  const found = await (await owner.request.get(`/api/admin/members/search?q=${target.profileId}`)).json();
  const userId = (found.rows as { userId: number }[])[0].userId;
  // A long ledger: the page shows the newest 20 rows and more on request.
  for (let i = 1; i <= 21; i++) {
    const res = await owner.request.post('/api/admin/members/adjust-credits', {
      headers: CLIENT,
      data: { userId, delta: i, reason: `journey paging ${i}` },
    });
    expect(res.ok()).toBe(true);
  }

  // A moderator sees the profile's status on the member page and shows it again.
  const { page: mod } = await invitedStaff(browser, owner, 'moderator', { viewport: { width: 375, height: 800 } });
  await mod.goto(`/admin/members/view?userId=${userId}`);
  await waitForHydration(mod);
  await expect(mod.getByText(a('members.profile_statuses.hidden'))).toBeVisible();
  await screenshot(mod, 'console-member-hidden-375');
  await mod.getByRole('button', { name: a('members.actions.unhide') }).click();
  await expect(mod.getByText(a('members.done.unhide'))).toBeVisible();
  await expect(mod.getByText(a('members.profile_statuses.active'))).toBeVisible();
  await expect(mod.getByRole('button', { name: a('members.actions.unhide') })).toHaveCount(0);
  await expect(mod.getByText('member.unhide')).toBeVisible();
  expect(await mod.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(mod, 'console-member-shown-375');

  const ledger = mod.getByRole('region', { name: a('members.ledger') });
  await expect(ledger.getByRole('listitem')).toHaveCount(20);
  await expect(ledger.getByRole('listitem').first()).toContainText('+21');
  await expect(ledger).toContainText(adminText('en', 'members.shown_of', { shown: '20', total: '22' }));
  await ledger.getByRole('button', { name: a('common.more') }).click();
  await expect(ledger.getByRole('listitem')).toHaveCount(22);
  await expect(ledger.getByRole('listitem').last()).toContainText('signup_bonus');
  await expect(ledger.getByRole('button', { name: a('common.more') })).toHaveCount(0);

  // Listed again: the reporter can open the profile.
  const seen = await reporter.page.request.get(`/members/${target.profileId}`);
  expect(seen.status()).toBe(200);
});
