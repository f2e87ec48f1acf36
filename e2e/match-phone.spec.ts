import { type Browser, expect, type Page, test } from '@playwright/test';
import { CLIENT } from './constants.ts';
import { confirmedMember, dismissEntryWarning, gotoHydrated, screenshot, text, waitForHydration } from './helpers.ts';

/** Issue 31's match moment and "no dead ends" on a phone (375×812). */
const PHONE = { width: 375, height: 812 };
const t = (key: string, values: Record<string, unknown> = {}) => text('en', key, values);

async function phoneMember(browser: Browser, name: string, options: Parameters<typeof confirmedMember>[2] = {}) {
  const member = await confirmedMember(browser, name, options);
  await member.page.setViewportSize(PHONE);
  return member;
}

/** Signs up, activates and logs in within this page's browser context (so what the lander stored here is kept). */
async function signUpHere(page: Page, name: string): Promise<number> {
  const email = `${name}-${Date.now()}@example.com`;
  const signup = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `${name}${Date.now() % 100000}`,
      password: 'journey password 1',
      password_confirmation: 'journey password 1',
      date_of_birth: '1990-05-05',
      gender: 'male',
      looking_for: 'female',
      accept_terms: true,
      orientation_consent: true,
    },
  });
  expect(signup.ok()).toBe(true);
  const login = await page.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email, password: 'journey password 1' },
  });
  expect(login.ok()).toBe(true);
  const [mail] = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  await gotoHydrated(page, link.pathname + link.search);
  await page.getByRole('button', { name: t('activate.confirm.submit') }).click();
  await page.waitForURL(/\/activate\/done$/);
  return (await login.json()).user.profile.id;
}

/** The match screen of a page. */
const matchDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: t('likes.match_title') }) });

test('a match leads into the conversation with an icebreaker, and the other member sees it live', async ({
  browser,
}) => {
  const anna = await phoneMember(browser, 'annamatch');
  const ben = await phoneMember(browser, 'benmatch', { gender: 'male', lookingFor: 'female' });
  await gotoHydrated(anna.page, `/members/${ben.profileId}`);
  await anna.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(anna.page.getByRole('button', { name: t('likes.unlike') })).toHaveAttribute('aria-pressed', 'true');

  // Anna browses on; her socket is open before Ben likes back (so what she sees came live, not from a reload).
  await gotoHydrated(anna.page, '/members');
  await expect(anna.page.locator('html')).toHaveAttribute('data-realtime', 'open');

  await gotoHydrated(ben.page, `/members/${anna.profileId}`);
  await ben.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  const bens = matchDialog(ben.page);
  await expect(bens).toBeVisible();
  await expect(bens.getByRole('button', { name: t('likes.keep_browsing') })).toBeVisible();

  const annas = matchDialog(anna.page);
  await expect(annas).toBeVisible({ timeout: 5_000 });
  await expect(annas.getByText(t('likes.match_text', { name: ben.name }))).toBeVisible();
  await expect(anna.page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await screenshot(anna.page, 'match-live-other-member');

  await expect(ben.page.locator('.modal.show')).toHaveCSS('opacity', '1');
  await screenshot(ben.page, 'match-send-message');
  await bens.getByRole('link', { name: t('likes.send_message') }).click();
  await expect(ben.page).toHaveURL(new RegExp(`/members/${anna.profileId}/chat$`));
  await waitForHydration(ben.page);
  await expect(ben.page.getByRole('button', { name: t('chat.icebreaker.button') })).toBeVisible();
  await screenshot(ben.page, 'match-conversation');

  // Shown once: Anna's next page does not show it again.
  await gotoHydrated(anna.page, '/likes');
  await expect(anna.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(matchDialog(anna.page)).toHaveCount(0);
});

test('a member who was away sees the match on their next page, once', async ({ browser }) => {
  const cleo = await phoneMember(browser, 'cleomatch');
  const dan = await phoneMember(browser, 'danmatch', { gender: 'male', lookingFor: 'female' });
  await gotoHydrated(cleo.page, `/members/${dan.profileId}`);
  await cleo.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(cleo.page.getByRole('button', { name: t('likes.unlike') })).toHaveAttribute('aria-pressed', 'true');
  // Cleo leaves the site.
  await cleo.page.goto('about:blank');

  await gotoHydrated(dan.page, `/members/${cleo.profileId}`);
  await dan.page.getByRole('button', { name: t('likes.like'), exact: true }).click();
  await expect(matchDialog(dan.page)).toBeVisible();

  await gotoHydrated(cleo.page, '/members');
  const dialog = matchDialog(cleo.page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(t('likes.match_text', { name: dan.name }))).toBeVisible();
  await expect(dialog.getByRole('link', { name: t('likes.send_message') })).toHaveAttribute(
    'href',
    `/members/${dan.profileId}/chat`,
  );
  await dialog.getByRole('button', { name: t('likes.keep_browsing') }).click();
  await expect(dialog).toBeHidden();

  await gotoHydrated(cleo.page, '/members');
  await expect(cleo.page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(matchDialog(cleo.page)).toHaveCount(0);
});

test("a visitor's profile call to action leads to signup with the member block, traffic source kept", async ({
  browser,
}) => {
  const member = await confirmedMember(browser, 'ctamember');
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await dismissEntryWarning(page);
  await gotoHydrated(page, `/members/${member.profileId}?network=ads&sub1=spring`);
  await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
  await expect(page.getByRole('button', { name: t('likes.like'), exact: true })).toHaveCount(0);
  const cta = page.getByRole('link', { name: t('lander.cta') });
  await expect(cta).toBeVisible();
  await expect(cta).toBeInViewport();
  await screenshot(page, 'visitor-profile-cta');
  await cta.click();
  await expect(page).toHaveURL(new RegExp(`/members/${member.profileId}/signup\\?network=ads&sub1=spring$`));
  await waitForHydration(page);
  await expect(page.getByRole('dialog').getByText(t('signup.member_block', { name: member.name }))).toBeVisible();
  await context.close();
});

test('likes from the swipe lander survive signup as real likes', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await dismissEntryWarning(page);
  await gotoHydrated(page, '/landers/tinderswipe?network=ads');
  // The lander has a language menu.
  await expect(page.getByRole('button', { name: t('nav.choose_language') })).toBeEnabled();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: /^Like / }).click();
  await screenshot(page, 'lander-swipe-phone');
  const liked = await page.evaluate(() => JSON.parse(window.localStorage.getItem('lander-likes') ?? '[]') as number[]);
  expect(liked).toHaveLength(3);

  // The first page of the new member (here the activation's) stores them and the browser forgets them.
  await signUpHere(page, 'landerliker');
  await expect.poll(() => page.evaluate(() => window.localStorage.getItem('lander-likes'))).toBeNull();
  const likes = await (await page.request.get('/api/likes.php', { headers: CLIENT })).json();
  const mine = (likes.profiles as { id: number; state: string }[]).filter((p) => liked.includes(p.id));
  expect(mine.map((p) => p.id).sort()).toEqual([...liked].sort());
  expect(new Set(mine.map((p) => p.state))).toEqual(new Set(['liked']));
  await gotoHydrated(page, '/likes/liked');
  await screenshot(page, 'lander-likes-kept');
  await context.close();
});

test('the swipe card and its buttons fit the screen; at the limit it says when likes return and offers premium', async ({
  browser,
}) => {
  const { page } = await phoneMember(browser, 'swipefit', { gender: 'male', lookingFor: 'female' });
  for (const size of [PHONE, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await gotoHydrated(page, '/swipe-game');
    const like = page.getByRole('button', { name: t('likes.like'), exact: true });
    const card = page.getByRole('group');
    await expect(like).toBeVisible();
    await screenshot(page, `swipe-fit-${size.width}`);
    const likeBox = (await like.boundingBox())!;
    const cardBox = (await card.boundingBox())!;
    expect(likeBox.y + likeBox.height).toBeLessThanOrEqual(size.height);
    expect(cardBox.y + cardBox.height).toBeLessThanOrEqual(size.height);
    // A mouse and keyboard: the arrow keys hint.
    await expect(page.getByText(t('swipe.hint'))).toBeVisible();
  }
  await page.setViewportSize(PHONE);
  const like = page.getByRole('button', { name: t('likes.like'), exact: true });
  for (let i = 0; i < 4; i++) {
    await expect(like).toBeEnabled();
    await like.click();
    await expect(page.getByText(/^You liked /)).toBeAttached();
  }
  // The fourth like used the last free one: the upsell is there at once, with the time likes return.
  const limit = page.getByRole('status').filter({ hasText: t('swipe.limit_reached', { count: 4 }) });
  await expect(limit).toBeVisible();
  await expect(limit).toContainText(/\d{1,2}[:.]\d{2}/);
  await expect(limit.getByRole('link', { name: t('nav.get_premium') })).toHaveAttribute('href', '/premium');
  await expect(like).toBeDisabled();
  const passBox = (await page.getByRole('button', { name: t('swipe.pass') }).boundingBox())!;
  await screenshot(page, 'swipe-limit-phone');
  expect(passBox.y + passBox.height).toBeLessThanOrEqual(PHONE.height);
  // And on the next visit, before any drag.
  await gotoHydrated(page, '/swipe-game');
  await expect(limit).toBeVisible();
});

test('a touch screen gets the swipe hint without arrow keys', async ({ browser }) => {
  const member = await confirmedMember(browser, 'swipetouch', { gender: 'male', lookingFor: 'female' });
  const state = await member.page.context().storageState();
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, storageState: state });
  const page = await context.newPage();
  await gotoHydrated(page, '/swipe-game');
  const coarse = await page.evaluate(() => window.matchMedia('(hover: none) and (pointer: coarse)').matches);
  expect(coarse).toBe(true);
  await expect(page.getByText(t('swipe.hint_touch'))).toBeVisible();
  await expect(page.getByText(t('swipe.hint'))).toBeHidden();
  await context.close();
});
