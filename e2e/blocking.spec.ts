import { type Browser, expect, type Page, test } from '@playwright/test';
import { dismissEntryWarning, screenshot, text } from './helpers.ts';

const CLIENT = { 'x-requested-with': 'amora' };

/** A confirmed member in its own browser context; returns the page and the profile id. */
async function confirmedMember(browser: Browser, name: string): Promise<{ page: Page; profileId: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await dismissEntryWarning(page);
  const email = `${name}-${Date.now()}@example.com`;
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `${name}${Date.now() % 100000}`,
      password: 'blocking password 1',
      password_confirmation: 'blocking password 1',
      date_of_birth: '1991-03-03',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  const { user } = await res.json();
  const [mail] = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  return { page, profileId: user.profile.id };
}

test('a blocked member sees the blocked text; unblocking gives access back', async ({ browser }) => {
  const anna = await confirmedMember(browser, 'anna');
  const ben = await confirmedMember(browser, 'ben');
  await anna.page.goto(`/members/${ben.profileId}`);
  anna.page.once('dialog', (dialog) => void dialog.accept());
  await anna.page.getByRole('button', { name: text('en', 'profile.block') }).click();
  await expect(anna.page.getByRole('button', { name: text('en', 'profile.unblock') })).toBeVisible();
  await expect(anna.page.getByRole('status').filter({ hasText: /You have blocked/ })).toBeVisible();
  const response = await ben.page.goto(`/members/${anna.profileId}`);
  expect(response?.status()).toBe(403);
  await expect(ben.page.getByRole('alert')).toHaveText(
    /^You're blocked by .+\. You do not have access to this page\.$/,
  );
  await screenshot(ben.page, 'blocked-profile');
  await anna.page.getByRole('button', { name: text('en', 'profile.unblock') }).click();
  await expect(anna.page.getByRole('button', { name: text('en', 'profile.block') })).toBeVisible();
  const again = await ben.page.goto(`/members/${anna.profileId}`);
  expect(again?.status()).toBe(200);
});
