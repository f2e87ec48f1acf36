import { expect, test } from '@playwright/test';
import { adminText, ownerConsole } from './console-helpers.ts';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text, waitForHydration } from './helpers.ts';

test("a host answers a member's message as a fictional profile; the member sees it live and pays nothing for it", async ({
  browser,
}) => {
  const t = (key: string) => text('en', key);
  const owner = await ownerConsole(browser);
  const listed = await (await owner.request.get('/api/admin/hosts/profiles')).json();
  const fictional = (listed.items as { id: number; name: string; gender: string }[]).find((p) => p.gender === 'female');
  expect(fictional).toBeDefined();

  const member = await confirmedMember(browser, 'hostee', { gender: 'male', lookingFor: 'female' });
  await grantCredits(member.page, member.email, 100);
  const credits = async () => (await (await member.page.request.get('/api/user.php')).json()).user.credits as number;
  const beforeSend = await credits();
  await gotoHydrated(member.page, `/members/${fictional!.id}/chat`);
  await member.page.getByLabel(t('chat.write')).fill('Hello there, how is your evening?');
  await member.page.getByLabel(t('chat.write')).press('Enter');
  await expect(member.page).toHaveURL(/\/chats\/\d+$/);
  await waitForHydration(member.page);
  const afterSend = await credits();
  expect(afterSend).toBeLessThan(beforeSend);

  await owner.goto('/admin/hosts');
  await waitForHydration(owner);
  const pair = adminText('en', 'hosts.pair', { member: member.name, profile: fictional!.name });
  await owner.getByRole('link', { name: pair }).click();
  await waitForHydration(owner);
  await expect(owner.getByText('Hello there, how is your evening?')).toBeVisible();
  await owner.locator('#reply-text').fill('Lovely, thanks for asking! And yours?');
  await screenshot(owner, 'console-host-reply-1280');
  await owner.getByRole('button', { name: adminText('en', 'hosts.send') }).click();

  // The member's open conversation shows the reply without a reload, and the reply cost nobody anything.
  await expect(member.page.getByRole('log').getByText('Lovely, thanks for asking! And yours?')).toBeVisible({
    timeout: 15_000,
  });
  expect(await credits()).toBe(afterSend);
  await member.page.setViewportSize({ width: 375, height: 800 });
  await screenshot(member.page, 'member-sees-host-reply-375');
});
