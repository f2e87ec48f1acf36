import { expect, type Page, test } from '@playwright/test';
import { CLIENT } from './constants.ts';
import { confirmedMember, dismissEntryWarning, grantCredits, text, waitForHydration } from './helpers.ts';

/** The most a page may shift from its first paint until it is hydrated and its fonts are in (issue 32: CLS ≤ 0.02). */
const MAX_SHIFT = 0.02;

type TShift = { value: number; sources: string[] };

/**
 * Records every layout shift of the page from its first paint on, with the elements that moved. The CPU runs 4×
 * slower, as on a mid-range phone: the server's HTML is painted well before hydration, as it is there.
 */
async function recordShifts(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    type TSource = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    type TEntry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: TSource[] };
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? '?';
      const id = node.id ? `#${node.id}` : '';
      const cls =
        typeof node.className === 'string' && node.className ? `.${node.className.split(/\s+/).join('.')}` : '';
      return `${node.tagName.toLowerCase()}${id}${cls}`;
    };
    const rect = (r: DOMRectReadOnly) =>
      `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as TEntry[]) {
        if (entry.hadRecentInput) continue;
        shifts.push({
          value: entry.value,
          sources: (entry.sources ?? []).map(
            (s) => `${describe(s.node)} ${rect(s.previousRect)} → ${rect(s.currentRect)}`,
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Opens a page and returns the layout shifts from its load until it is hydrated, its fonts are loaded and two more
 * frames have been painted (the last render's shifts are reported then).
 */
async function shiftsOf(page: Page, path: string): Promise<TShift[]> {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return page.evaluate(() => (window as unknown as { __shifts: TShift[] }).__shifts);
}

/** Asserts the page's total shift is within the budget; on failure the message names what moved. */
async function expectSteady(page: Page, path: string): Promise<void> {
  const shifts = await shiftsOf(page, path);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  expect(total, `${path} shifted by ${total.toFixed(3)}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(MAX_SHIFT);
}

test.use({ viewport: { width: 375, height: 812 } });

test('on a phone the visitor pages do not shift while they load', async ({ page }) => {
  await recordShifts(page);
  await dismissEntryWarning(page);
  for (const path of ['/', '/login', '/members?gender=female']) await expectSteady(page, path);
});

test('on a phone the member pages do not shift while they load', async ({ browser }) => {
  test.setTimeout(120_000);
  const anna = await confirmedMember(browser, 'annasteady');
  const ben = await confirmedMember(browser, 'bensteady', { gender: 'male', lookingFor: 'female' });
  await grantCredits(anna.page, anna.email, 100);
  const sent = await anna.page.request.post('/api/chat.php', {
    headers: CLIENT,
    data: { profile_id: ben.profileId, text: 'Hello from a steady page' },
  });
  expect(sent.ok()).toBe(true);
  const conversationId = (await sent.json()).message.conversation_id as number;
  await anna.page.setViewportSize({ width: 375, height: 812 });
  await recordShifts(anna.page);
  for (const path of ['/members', `/members/${ben.profileId}`, '/chats', `/chats/${conversationId}`, '/']) {
    await expectSteady(anna.page, path);
  }
  await expect(anna.page.getByRole('complementary', { name: text('en', 'time_bonus.banner_label') })).toBeVisible();
});

test('on a phone a dismissed banner neither shows nor moves the page on load', async ({ browser }) => {
  const anna = await confirmedMember(browser, 'annadismissed');
  await anna.page.setViewportSize({ width: 375, height: 812 });
  await recordShifts(anna.page);
  // The welcome countdown was put away in this browser: the missing-photo alert, next in line, shows in its place.
  await anna.page.addInitScript(() => window.localStorage.setItem('hide-time-bonus-banner', String(Date.now())));
  await expectSteady(anna.page, '/members');
  await expect(anna.page.getByRole('complementary', { name: text('en', 'time_bonus.banner_label') })).toHaveCount(0);
  await expect(anna.page.getByRole('status').filter({ hasText: text('en', 'photos.missing_alert') })).toBeVisible();
  // The missing photo put away too: nothing the server knows is left, the slot stays empty.
  await anna.page.addInitScript(() => window.localStorage.setItem('hide-enrich-alert', String(Date.now())));
  await expectSteady(anna.page, '/members');
  await expect(anna.page.getByRole('status').filter({ hasText: text('en', 'photos.missing_alert') })).toHaveCount(0);
});
