import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { confirmedMember, dismissEntryWarning, gotoHydrated, text, waitForHydration } from './helpers.ts';
import { CLIENT } from './constants.ts';

/** axe (WCAG 2.1 A and AA) over the member pages at a phone's and a desktop's width (issue 31). */
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const t = (key: string) => text('en', key);

/** Serious and critical axe findings of the page as "rule (impact): selectors" lines, each naming what failed. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** Scans each page at both widths; every page is judged (soft), so one run names all that fail. */
async function scan(page: Page, urls: string[]): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const url of urls) {
      await gotoHydrated(page, url);
      // Lists load after hydration: wait until no loading text is left.
      await expect(page.getByText(t('common.loading'))).toHaveCount(0);
      expect.soft(await axeProblems(page), `${url} at ${viewport.width} px`).toEqual([]);
    }
  }
}

test('member pages have no serious or critical axe finding at 375 and 1280 px', async ({ browser }) => {
  test.setTimeout(240_000);
  const anna = await confirmedMember(browser, 'annaaxe');
  const ben = await confirmedMember(browser, 'benaxe', { gender: 'male', lookingFor: 'female' });
  // A conversation of her own (the first message is sent from the profile).
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('link', { name: t('chat.message'), exact: true }).click();
  await waitForHydration(anna.page);
  await anna.page.getByLabel(t('chat.write')).fill('Hello Ben, checking the colours.');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  const conversation = new URL(anna.page.url()).pathname;
  // The payment method page with the welcome discount applied (its Remove button) and the code field.
  const offer = await (await anna.page.request.get('/api/packages.php', { headers: CLIENT })).json();
  await scan(anna.page, [
    '/',
    '/members',
    `/members/${ben.profileId}`,
    '/likes',
    '/chats',
    conversation,
    '/credits',
    `/credits/${offer.packages[0].id}`,
    '/settings',
    '/swipe-game',
  ]);
});

test('login and signup have no serious or critical axe finding at 375 and 1280 px', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage();
  await dismissEntryWarning(page);
  await scan(page, ['/login', '/signup']);
});
