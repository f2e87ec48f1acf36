import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  confirmedMember,
  dismissEntryWarning,
  gotoHydrated,
  grantCredits,
  linkIn,
  newestMail,
  text,
  type TMail,
  waitForHydration,
} from './helpers.ts';
import { LANDER_KINDS, TIME_BONUS_POPUP_DELAY_MS } from '../common/constants.ts';
import { CLIENT, E2E_BASE_URL } from './constants.ts';

/**
 * axe (WCAG 2.1 A and AA) over every page a member or a visitor reaches in the default, lander, chat and empty layouts,
 * and the open states that matter (dialogs, the match screen, the phone menu), at a phone's and a desktop's width
 * (issue 31). One test per area, so a failure names its area; soft assertions, so one run names every page that fails.
 */
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);

/** A page to scan: its address, and optionally what to open on it first (a dialog) and a name for the report. */
type TTarget = string | { url: string; name?: string; open?: (page: Page, width: number) => Promise<void> };

/** Serious and critical axe findings of the page as "rule (impact): selectors" lines, each naming what failed. */
async function axeProblems(page: Page): Promise<string[]> {
  // A colour in the middle of a transition (a dialog fading in, a button after hydration) is no colour a member sees
  // for long: axe judges the settled page. Endless animations (spinners, slideshows) are not waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')} | first: ${v.nodes[0].html.slice(0, 120)}`,
    );
}

/** Scans each page (and state) at both widths; every page is judged (soft), so one run names all that fail. */
async function scan(page: Page, targets: TTarget[]): Promise<void> {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const target of targets) {
      const { url, name, open } = typeof target === 'string' ? { url: target, name: target, open: undefined } : target;
      await gotoHydrated(page, url);
      // A page that sent the browser elsewhere was not scanned: say so.
      expect.soft(new URL(page.url()).pathname, `${url} stays`).toBe(new URL(url, E2E_BASE_URL).pathname);
      // Lists load after hydration: wait until no loading text is left.
      await expect(page.getByText(t('common.loading'))).toHaveCount(0);
      if (open) await open(page, viewport.width);
      expect.soft(await axeProblems(page), `${name ?? url} at ${viewport.width} px`).toEqual([]);
    }
  }
}

/** A visitor's page (no session) with the entry warning put away. */
async function visitor(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await dismissEntryWarning(page);
  return page;
}

/** The first member card's profile id on the search page (a seeded demo profile nobody wrote to yet). */
async function firstCardId(page: Page): Promise<number> {
  await gotoHydrated(page, '/members');
  const href = await page.locator('main a[href^="/members/"]').first().getAttribute('href');
  return Number(/\/members\/(\d+)/.exec(href ?? '')![1]);
}

/** Opens the phone's hamburger menu (at 375 px; the desktop shows the navigation anyway). */
async function openMenu(page: Page, width: number): Promise<void> {
  if (width >= 992) return;
  await page.getByRole('button', { name: t('nav.toggle') }).click();
  await expect(page.locator('#main-nav.show')).toBeVisible();
}

/** Opens the language menu of the header (inside the phone's menu for a member). */
async function openLanguageMenu(page: Page, width: number): Promise<void> {
  if (await page.getByRole('button', { name: t('nav.toggle') }).isVisible()) await openMenu(page, width);
  await page.getByRole('button', { name: new RegExp(`^${t('nav.choose_language')}`) }).click();
  await expect(page.locator('.dropdown-menu.show')).toBeVisible();
}

/** Opens the member's account menu (inside the phone's menu). */
async function openAccountMenu(page: Page, width: number): Promise<void> {
  await openMenu(page, width);
  await page.getByRole('button', { name: new RegExp(`^${t('nav.account')}`) }).click();
  await expect(page.locator('.dropdown-menu.show')).toBeVisible();
}

/** The link (containing `part`) of the email of a kind; reset emails come from the job loop (JOB_POLL_MS). */
async function mailLink(page: Page, email: string, kind: string, part: string): Promise<string> {
  let found: TMail | undefined;
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`);
        found = ((await res.json()) as TMail[]).find((m) => m.kind === kind);
        return Boolean(found);
      },
      { timeout: 25_000 },
    )
    .toBe(true);
  return linkIn(found!, part);
}

/** Anna and Ben, new members; Ben liked Anna, so her "received" list has a card and her like makes a match. */
async function likedPair(browser: Browser, suffix: string) {
  const anna = await confirmedMember(browser, `annaaxe${suffix}`);
  const ben = await confirmedMember(browser, `benaxe${suffix}`, { gender: 'male', lookingFor: 'female' });
  await gotoHydrated(ben.page, `/members/${anna.profileId}`);
  await ben.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(ben.page.getByRole('button', { name: t('likes.unlike') })).toHaveAttribute('aria-pressed', 'true');
  return { anna, ben };
}

// Search, likes, the swipe game and profiles, in three tests so each stays well inside its time on a slow machine.
test('search, the menus and likes have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const { anna, ben } = await likedPair(browser, 'list');
  await scan(anna.page, [
    '/members',
    { url: '/members', name: 'the phone menu open', open: openMenu },
    { url: '/members', name: 'the account menu open', open: openAccountMenu },
    { url: '/members', name: 'the language menu open (member)', open: openLanguageMenu },
    '/likes',
    '/likes/received',
    '/likes/liked',
    '/likes/match',
    `/likes/m/${ben.profileId}`,
  ]);
});

test('swipe, match finder, notifications and unsubscribe have no serious or critical axe finding', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { anna } = await likedPair(browser, 'swipe');
  await scan(anna.page, ['/swipe-game', '/match-finder', '/signup-matches', '/notifications']);
  // The unsubscribe page of the like email Ben's like sent her (opened without a session).
  const unsubscribe = linkIn(await newestMail(anna.page, anna.email, 'notify_like'), '/unsubscribe?token=');
  const outside = await (await browser.newContext()).newPage();
  await dismissEntryWarning(outside);
  await scan(outside, [unsubscribe]);
});

test('a profile, its dialogs and the match screen have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const { anna, ben } = await likedPair(browser, 'prof');
  await scan(anna.page, [
    `/members/${ben.profileId}`,
    {
      url: `/members/${ben.profileId}`,
      name: 'the block question open',
      open: async (page) => {
        await page.getByRole('button', { name: t('profile.block') }).click();
        await expect(page.getByRole('dialog', { name: t('profile.block_confirm', { name: ben.name }) })).toBeVisible();
        await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
    {
      url: `/members/${ben.profileId}`,
      name: 'the report dialog open',
      open: async (page) => {
        await page.getByRole('button', { name: t('reports.button'), exact: true }).click();
        await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
  ]);
  // The match screen: Anna likes back (once; the second width sees the unliked/liked state, not a new match).
  await anna.page.setViewportSize(VIEWPORTS[0]);
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(anna.page.getByRole('heading', { name: t('likes.match_title') })).toBeVisible();
  await expect(anna.page.locator('.modal.show')).toHaveCSS('opacity', '1');
  expect.soft(await axeProblems(anna.page), 'the match screen at 375 px').toEqual([]);
});

test('conversations and the first message have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const anna = await confirmedMember(browser, 'annaaxechat');
  const ben = await confirmedMember(browser, 'benaxechat', { gender: 'male', lookingFor: 'female' });
  // A conversation of her own (the first message is sent from the profile).
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('link', { name: t('chat.message'), exact: true }).click();
  await waitForHydration(anna.page);
  await anna.page.getByLabel(t('chat.write')).fill('Hello Ben, checking the colours.');
  await anna.page.getByLabel(t('chat.write')).press('Enter');
  await expect(anna.page).toHaveURL(/\/chats\/\d+$/);
  const conversation = new URL(anna.page.url()).pathname;
  const demo = await firstCardId(anna.page);
  // The chat layout's first message to a member she has not written to.
  /** Opens one of the composer's pickers (gifts, photos, icebreakers). */
  const picker = (label: string) => async (page: Page) => {
    await page.getByRole('button', { name: label }).click();
    await expect(page.locator('.modal.show')).toHaveCSS('opacity', '1');
  };
  await scan(anna.page, [
    '/chats',
    conversation,
    { url: conversation, name: 'the gift picker open', open: picker(t('chat.gift_button')) },
    { url: conversation, name: 'the photo picker open', open: picker(t('chat.photo_button')) },
    `/members/${demo}/chat`,
    { url: `/members/${demo}/chat`, name: 'the icebreakers open', open: picker(t('chat.icebreaker.button')) },
  ]);
});

test('credits, premium and payments have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const anna = await confirmedMember(browser, 'annaaxepay');
  const page = anna.page;
  await page.context().addCookies([{ name: 'country', value: 'DE', url: E2E_BASE_URL }]);
  // The payment method page with the welcome discount applied (its Remove button) and the code field.
  const offer = await (await page.request.get('/api/packages.php', { headers: CLIENT })).json();
  const method = `/credits/${offer.packages[0].id}`;
  await scan(page, [
    '/credits',
    method,
    {
      url: method,
      name: 'the card payment question open',
      open: async (p) => {
        await p.getByRole('button', { name: t('payment_methods.creditcard') }).click();
        await expect(p.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
    '/premium',
    '/pricing',
    '/transactions',
    // Without a stored card it says so and leads to the bundles.
    '/credits/repeat-order',
    `/directdebit?package=${offer.packages[0].id}`,
  ]);
  // A paid purchase: the result page, the history with a row, the one-click repeat order with the stored card.
  await gotoHydrated(page, method);
  await page.getByRole('button', { name: t('payment_methods.creditcard') }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_/);
  await page.getByRole('button', { name: t('sandbox.pay'), exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/[0-9a-f-]{36}$/);
  const result = new URL(page.url()).pathname;
  await scan(page, [result, '/transactions', '/credits/repeat-order']);

  // The welcome bonus popup: it opens after TIME_BONUS_POPUP_DELAY_MS for a new member without credits.
  const broke = await confirmedMember(browser, 'annaaxebroke');
  await grantCredits(broke.page, broke.email, -100);
  await broke.page.clock.install();
  await gotoHydrated(broke.page, '/members');
  await broke.page.clock.runFor(TIME_BONUS_POPUP_DELAY_MS + 1_000);
  await expect(broke.page.locator('.time-bonus-modal.show')).toHaveCSS('opacity', '1');
  for (const viewport of VIEWPORTS) {
    await broke.page.setViewportSize(viewport);
    expect.soft(await axeProblems(broke.page), `the welcome bonus popup at ${viewport.width} px`).toEqual([]);
  }
});

test('profile, settings and the welcome steps have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const anna = await confirmedMember(browser, 'annaaxeset');
  await scan(anna.page, [
    '/activate/done',
    '/complete-signup?step=photo',
    '/complete-signup?step=about',
    '/complete-signup?step=interests',
    '/profile',
    '/settings',
    '/settings/delete',
    '/lang-config',
    '/complaints',
    '/pages/faq',
    '/no-such-page',
    // The empty lists of a new member.
    '/chats',
    '/likes/match',
  ]);
});

test('visitor pages have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await visitor(browser);
  await scan(page, [
    '/',
    { url: '/', name: 'the language menu open', open: openLanguageMenu },
    {
      url: '/',
      name: 'the signup dialog open',
      open: async (p, width) => {
        // On phones the header's button leads to the signup page (scanned below), on a desktop it opens the dialog.
        if (width < 576) return;
        await p
          .locator('header')
          .getByRole('link', { name: t('nav.signup') })
          .click();
        await expect(p.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
    '/login',
    '/signup',
    '/reset-password',
    '/pricing',
    '/complaints',
    '/pages/terms',
    '/pages/privacy',
    '/pages/cookies',
    '/pages/ban',
    '/pages/return-policy',
    '/pages/faq',
    '/pages/service',
    '/account-deleted',
    '/activate/error?reason=link_invalid',
    // A broken or stale email link: the error page.
    '/reset-password/do?token=stale',
    '/no-such-page',
  ]);
  // An email link's pages with a real token: the activation question and choosing a new password.
  const email = `axevisitor-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `axevisitor${Date.now() % 100000}`,
      password: 'journey password 1',
      password_confirmation: 'journey password 1',
      date_of_birth: '1990-04-04',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
      orientation_consent: true,
    },
  });
  expect(signup.ok()).toBe(true);
  const activate = await mailLink(page, email, 'activation', '/activate?token=');
  await gotoHydrated(page, '/reset-password');
  await page.getByLabel(t('auth.email')).fill(email);
  await page.getByRole('button', { name: t('reset.submit') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('reset.sent') })).toBeVisible();
  expect.soft(await axeProblems(page), 'the reset link sent').toEqual([]);
  await scan(page, [activate, await mailLink(page, email, 'reset', '/reset-password/do?token=')]);
});

test('landers and member landers have no serious or critical axe finding', async ({ browser }) => {
  test.setTimeout(240_000);
  const ben = await confirmedMember(browser, 'benaxeland', { gender: 'male', lookingFor: 'female' });
  const page = await visitor(browser);
  await scan(page, [
    '/landers/tinderswipe',
    // Every kind, each with a seeded niche's slug (common/constants.ts NICHES).
    ...LANDER_KINDS.map((kind, i) => `/landers/${kind}/${['general', 'she', 'milf', 'bbw'][i % 4]}`),
    `/members/${ben.profileId}/landing`,
    `/members/${ben.profileId}/landing2`,
    `/members/${ben.profileId}/landing3`,
    // The empty layout: the member's photo behind the signup modal, which opens at once (its chunk loads first, then
    // it fades in: scanned once fully shown).
    {
      url: `/members/${ben.profileId}/signup`,
      name: 'the member signup modal open',
      open: async (p) => {
        await expect(p.getByRole('dialog')).toBeVisible();
        await expect(p.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
  ]);
  // The entry warning a visitor from the Netherlands sees first (an open dialog on the lander layout).
  const dutch = await (await browser.newContext({ extraHTTPHeaders: { 'x-test-country': 'NL' } })).newPage();
  await scan(dutch, [
    {
      url: '/landers/gallery',
      name: 'the entry warning open',
      open: async (p) => {
        await expect(p.getByRole('dialog')).toBeVisible();
        await expect(p.locator('.modal.show')).toHaveCSS('opacity', '1');
      },
    },
  ]);
});
