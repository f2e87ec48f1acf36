import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { CLIENT } from './constants.ts';
import { confirmedMember, gotoHydrated, grantCredits, screenshot, text } from './helpers.ts';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };
// Anything seen within 4 s came over the socket: without it, badges refresh every 60 s.
const LIVE = { timeout: 4_000 };
const t = (key: string, values?: Record<string, unknown>) => text('en', key, values);

/** Serious and critical axe findings (WCAG 2.1 A/AA) inside the page's header. */
async function headerProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include('header.top-nav')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Saves what the screen shows (not the whole page), for a human to look at. */
async function screen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screens/${name}.png` });
}

/** Sends a text from one member to another over the API. */
async function send(from: Page, profileId: number, message: string): Promise<void> {
  const res = await from.request.post('/api/chat.php', {
    headers: CLIENT,
    data: { profile_id: profileId, text: message },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Likes a member over the API. */
async function like(from: Page, profileId: number): Promise<void> {
  const res = await from.request.post('/api/like.php', { headers: CLIENT, data: { profile_id: profileId } });
  expect(res.ok(), await res.text()).toBe(true);
}

test('phone navigation: server-rendered live tab badges, one banner, the members home and exact scroll restore', async ({
  browser,
}) => {
  // Three members sign up and activate first: on a loaded machine that alone can take a minute.
  test.setTimeout(240_000);
  const anna = await confirmedMember(browser, 'annatabs');
  const carla = await confirmedMember(browser, 'carlatabs');
  const ben = await confirmedMember(browser, 'bentabs', { gender: 'male', lookingFor: 'female' });
  await grantCredits(anna.page, anna.email, 100);
  await ben.page.setViewportSize(PHONE);

  // A message and a like wait for Ben before he opens any page.
  await send(anna.page, ben.profileId, 'Hello Ben');
  await like(anna.page, ben.profileId);

  // They are in the server's HTML: the tab bar's badges and the "(2)" title, with no script run yet.
  const html = await (await ben.page.request.get('/members')).text();
  expect(html).toMatch(/<title>\(2\) /);
  const tabs = /<nav class="bottom-tabs[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
  expect(tabs).toContain(t('nav.unread_badge', { count: 1 }));
  expect(tabs).toContain(t('nav.likes_badge', { count: 1 }));

  // The bar on the phone: five tabs, the current one marked, badges visible; the top links stay in the menu.
  await gotoHydrated(ben.page, '/members');
  const bar = ben.page.getByRole('navigation', { name: t('nav.tabs') });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link')).toHaveCount(5);
  await expect(bar.getByRole('link', { name: t('nav.tab_search') })).toHaveAttribute('aria-current', 'page');
  const messagesTab = bar.getByRole('link', { name: new RegExp(`^${t('nav.messages')}`) });
  const likesTab = bar.getByRole('link', { name: new RegExp(`^${t('nav.likes')}`) });
  await expect(messagesTab.locator('.badge')).toHaveText('1');
  await expect(likesTab.locator('.badge')).toHaveText('1');
  await expect(ben.page).toHaveTitle(/^\(2\) /);
  // At most one banner above the results, under the header.
  const banners = ben.page.locator('.warnings-header > *:visible');
  expect(await banners.count()).toBeLessThanOrEqual(1);
  // The page's last content ends above the bar.
  await ben.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerBottom = await ben.page.locator('footer.site-footer').evaluate((e) => e.getBoundingClientRect().bottom);
  const barTop = await bar.evaluate((e) => e.getBoundingClientRect().top);
  expect(footerBottom).toBeLessThanOrEqual(barTop + 0.5);
  await screenshot(ben.page, 'phone-nav-search-375');
  await screen(ben.page, 'phone-nav-search-375-bottom');
  await ben.page.evaluate(() => window.scrollTo(0, 0));
  await screen(ben.page, 'phone-nav-search-375-top');
  expect(await headerProblems(ben.page)).toEqual([]);

  // On another page, a new message and a new like show on the tabs as they happen.
  await gotoHydrated(ben.page, '/profile');
  await expect(ben.page.locator('html')).toHaveAttribute('data-realtime', 'open');
  await expect(bar.getByRole('link', { name: t('nav.tab_profile') })).toHaveAttribute('aria-current', 'page');
  await send(anna.page, ben.profileId, 'Are you there?');
  await expect(messagesTab.locator('.badge')).toHaveText('2', LIVE);
  await like(carla.page, ben.profileId);
  await expect(likesTab.locator('.badge')).toHaveText('2', LIVE);
  await expect(ben.page).toHaveTitle(/^\(4\) /, LIVE);
  await screenshot(ben.page, 'phone-nav-profile-375');

  // A member's home is the search: no visitor sales text.
  await gotoHydrated(ben.page, '/');
  await expect(ben.page).toHaveURL(/\/members$/);
  await expect(ben.page.getByText(t('home.cta_login'))).toHaveCount(0);

  // Back from a profile restores the results' scroll position exactly.
  const target = await ben.page.evaluate(() =>
    Math.min(2500, document.documentElement.scrollHeight - window.innerHeight - 10),
  );
  expect(target).toBeGreaterThan(800);
  await ben.page.evaluate((y) => window.scrollTo(0, y), target);
  await expect.poll(() => ben.page.evaluate(() => window.scrollY)).toBe(target);
  const card = ben.page.locator('a.member-card').filter({ visible: true });
  const inView = await card.evaluateAll((links) => {
    const i = links.findIndex((a) => a.getBoundingClientRect().top > 0);
    return i;
  });
  await card.nth(inView).click();
  await expect(ben.page).toHaveURL(/\/members\/\d+$/);
  await ben.page.goBack();
  await expect(ben.page).toHaveURL(/\/members$/);
  await expect.poll(() => ben.page.evaluate(() => window.scrollY)).toBe(target);

  // The desktop keeps the top navigation with its badges; no tab bar.
  await ben.page.setViewportSize(DESKTOP);
  await gotoHydrated(ben.page, '/members');
  await expect(bar).toBeHidden();
  const top = ben.page.getByRole('navigation', { name: t('nav.main') });
  await expect(
    top.getByRole('link', { name: new RegExp(`^${t('nav.messages')}`) }).locator('.badge > [aria-hidden="true"]'),
  ).toHaveText('2');
  await screenshot(ben.page, 'phone-nav-search-1280');
  expect(await headerProblems(ben.page)).toEqual([]);
});

test('visitors: the header offers login and signing up, without axe findings at 375 and 1280 px', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('site-entry-warning-dismissed', String(Date.now())));
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await gotoHydrated(page, '/');
    const header = page.locator('header.top-nav');
    await expect(header.getByRole('link', { name: t('nav.login') })).toBeVisible();
    await expect(header.getByRole('link', { name: t('nav.signup') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    expect(await headerProblems(page)).toEqual([]);
    await screen(page, `phone-nav-visitor-${viewport.width}`);
  }
  // The footer names a company ending in a period without doubling it.
  await expect(page.locator('body')).not.toContainText('B.V..');
});
