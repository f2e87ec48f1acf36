import { expect, test } from '@playwright/test';
import { adminText, invitedStaff, ownerConsole } from './console-helpers.ts';
import { screenshot, waitForHydration } from './helpers.ts';

test.describe('operator console: staff and access', () => {
  test('the demo owner sets up the authenticator, invites a host; the host cannot open Staff (403)', async ({
    browser,
  }) => {
    const owner = await ownerConsole(browser);
    await expect(owner.getByRole('heading', { level: 1 })).toContainText('Demo Owner');
    await expect(owner.getByRole('navigation').getByRole('link', { name: adminText('en', 'nav.staff') })).toBeVisible();
    await screenshot(owner, 'console-home-1280');

    const host = await invitedStaff(browser, owner, 'host', { viewport: { width: 375, height: 740 } });
    await expect(host.page.getByRole('link', { name: adminText('en', 'nav.staff'), includeHidden: true })).toHaveCount(
      0,
    );
    const refused = await host.page.goto('/admin/staff');
    expect(refused?.status()).toBe(403);
    await waitForHydration(host.page);
    await expect(host.page.getByRole('alert')).toContainText(adminText('en', 'errors.forbidden_title'));
    await screenshot(host.page, 'console-forbidden-375');

    // The owner sees the invitation and the enrolment in the audit log.
    await owner.goto('/admin/audit');
    await waitForHydration(owner);
    await expect(owner.locator('td.font-monospace', { hasText: 'staff.invite' }).first()).toBeVisible();
    await expect(owner.locator('td.font-monospace', { hasText: 'staff.enrol' }).first()).toBeVisible();
  });
});
