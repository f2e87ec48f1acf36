import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN_ROUTES, adminPath } from '../common/routes.ts';
import { adminText, DEMO_OWNER, nextLoginCode, ownerConsole } from './console-helpers.ts';
import { confirmedMember, gotoHydrated, text, waitForHydration } from './helpers.ts';

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
];
/** Set CONSOLE_SCREENS=1 to keep a PNG of every page at both widths in test-results/console-screens/. */
const KEEP_SCREENS = Boolean(process.env.CONSOLE_SCREENS);

/** The page ready to be judged: hydrated and no list still loading. */
async function settle(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: adminText('en', 'common.loading') })).toHaveCount(0);
}

/** Serious and critical axe findings (WCAG 2.x A and AA) of the page as "rule: selectors" lines. */
async function axeProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Checks one page at both widths: no serious axe finding, no sideways scrolling of the whole page. */
async function checkPage(page: Page, url: string, name: string): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(url);
    await settle(page);
    if (KEEP_SCREENS) {
      await page.screenshot({ path: `test-results/console-screens/${name}-${viewport.width}.png`, fullPage: true });
    }
    expect.soft(await axeProblems(page), `${url} at ${viewport.width} px`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // What sticks out (outside a scrolling table), named in the failure.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.table-responsive'))
        .slice(-3)
        .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`),
    );
    expect.soft(overflow, `${url} scrolls sideways at ${viewport.width} px: ${wide.join(' ')}`).toBeLessThanOrEqual(0);
  }
}

/** The first link of a list page whose address starts with `path` (a member, a payment, a profile), if any. */
async function firstLink(page: Page, listPath: string, path: string): Promise<string | null> {
  await page.goto(listPath);
  await settle(page);
  const link = page.locator(`main a[href^="${path}?"]`).first();
  return (await link.count()) ? link.getAttribute('href') : null;
}

test.describe.serial('console accessibility', () => {
  let owner: Page;
  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    // Data for the lists: two members, one reporting the other (members, the member page, the reports queue).
    const target = await confirmedMember(browser, 'nora', { gender: 'female', lookingFor: 'male' });
    const reporter = await confirmedMember(browser, 'otto');
    await gotoHydrated(reporter.page, `/members/${target.profileId}`);
    await reporter.page.getByRole('button', { name: text('en', 'reports.button'), exact: true }).click();
    const dialog = reporter.page.getByRole('dialog');
    await dialog.getByLabel(text('en', 'reports.reasons.fake_profile')).check();
    await dialog.getByRole('button', { name: text('en', 'reports.submit') }).click();
    await expect(dialog.getByText(text('en', 'reports.success'))).toBeVisible();
    owner = await ownerConsole(browser);
  });

  test('the login page has no serious axe finding at 1280 and 375 px', async ({ browser }) => {
    const visitor = await (await browser.newContext()).newPage();
    await checkPage(visitor, adminPath('admin-login'), 'login');
    await checkPage(visitor, adminPath('admin-enrol', { token: 'not-a-token' }), 'enrol');
  });

  test('every console page has no serious axe finding and no page-wide sideways scroll', async () => {
    test.setTimeout(240_000);
    const pages: [string, string][] = [
      [ADMIN_ROUTES.admin, 'home'],
      [ADMIN_ROUTES['admin-dashboard'], 'dashboard'],
      [ADMIN_ROUTES['admin-sites'], 'sites'],
      [adminPath('admin-site', { siteId: '1' }), 'site'],
      [ADMIN_ROUTES['admin-members'], 'members'],
      [ADMIN_ROUTES['admin-payments'], 'payments'],
      [ADMIN_ROUTES['admin-staff'], 'staff'],
      [ADMIN_ROUTES['admin-audit'], 'audit'],
      [ADMIN_ROUTES['admin-ops'], 'ops'],
      [ADMIN_ROUTES['admin-ops-broadcast'], 'broadcast'],
      [ADMIN_ROUTES['admin-moderation'], 'moderation'],
      [ADMIN_ROUTES['admin-moderation-photos'], 'photos'],
      [ADMIN_ROUTES['admin-moderation-complaints'], 'complaints'],
      [ADMIN_ROUTES['admin-hosts'], 'hosts'],
      [ADMIN_ROUTES['admin-hosts-profiles'], 'profiles'],
      [adminPath('admin-hosts-profile'), 'profile-new'],
    ];
    const found: [string | null, string][] = [
      [await firstLink(owner, ADMIN_ROUTES['admin-members'], ADMIN_ROUTES['admin-member']), 'member'],
      [await firstLink(owner, ADMIN_ROUTES['admin-payments'], ADMIN_ROUTES['admin-payment']), 'payment'],
      [await firstLink(owner, ADMIN_ROUTES['admin-hosts-profiles'], ADMIN_ROUTES['admin-hosts-profile']), 'profile'],
      [await firstLink(owner, ADMIN_ROUTES['admin-hosts'], ADMIN_ROUTES['admin-hosts-chat']), 'chat'],
    ];
    for (const [url, name] of [...pages, ...found.filter((f): f is [string, string] => f[0] !== null)]) {
      await checkPage(owner, url, name);
    }
    // The phone's menu: a named toggle opens the sections, the current one marked.
    await owner.goto(ADMIN_ROUTES['admin-staff']);
    await settle(owner);
    const toggle = owner.getByRole('button', { name: adminText('en', 'nav.menu') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    const nav = owner.getByRole('navigation', { name: adminText('en', 'nav.label') });
    await expect(nav.getByRole('link', { name: adminText('en', 'nav.staff') })).toHaveAttribute('aria-current', 'page');
  });

  test('keyboard only: log in, reach a list and open a row action, focus always visible', async ({ browser }) => {
    test.setTimeout(120_000);
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    /** Presses Tab until `selector` has the focus; the focus must be visibly drawn. */
    const tabTo = async (selector: string) => {
      for (let i = 0; i < 40; i += 1) {
        await page.keyboard.press('Tab');
        if (await page.locator(selector).evaluate((el) => el === document.activeElement)) {
          const drawn = await page.locator(selector).evaluate((el) => {
            const style = getComputedStyle(el);
            return (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none';
          });
          expect(drawn, `focus on ${selector} is visible`).toBe(true);
          return;
        }
      }
      throw new Error(`Tab never reached ${selector}`);
    };
    await page.goto(adminPath('admin-login'));
    await waitForHydration(page);
    await tabTo('#admin-email');
    await page.keyboard.type(DEMO_OWNER.email);
    await tabTo('#admin-password');
    await page.keyboard.type(DEMO_OWNER.password);
    await page.keyboard.press('Enter');
    await page.locator('#admin-code').waitFor();
    await tabTo('#admin-code');
    await page.keyboard.type(await nextLoginCode(DEMO_OWNER.email));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === ADMIN_ROUTES.admin);
    await waitForHydration(page);
    // The skip link comes first and moves the focus to the page's content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: adminText('en', 'nav.skip') })).toBeFocused();
    const staffLink = page.getByRole('navigation').getByRole('link', { name: adminText('en', 'nav.staff') });
    await tabTo(`nav a[href="${ADMIN_ROUTES['admin-staff']}"]`);
    await expect(staffLink).toBeFocused();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === ADMIN_ROUTES['admin-staff']);
    await settle(page);
    // The first row's Edit (other journeys may have added staff before this one).
    await tabTo('main table button.btn-outline-secondary >> nth=0');
    await page.keyboard.press('Enter');
    await expect(page.locator('#staff-role')).toBeVisible();
  });
});
