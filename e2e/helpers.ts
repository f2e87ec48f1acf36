import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, type Response } from '@playwright/test';
import { CLIENT, E2E_BASE_URL } from './constants.ts';

type TTree = { [key: string]: string | TTree };

/**
 * Reads a catalogue text, so journeys assert the real translation of each locale; `{{x}}` placeholders are filled
 * from `values`, and a `count` picks the plural form of the locale.
 */
export function text(lng: string, key: string, values: Record<string, unknown> = {}): string {
  const tree = JSON.parse(fs.readFileSync(path.resolve('locales', `${lng}.json`), 'utf8')) as TTree;
  const parts = key.split('.');
  if (typeof values.count === 'number') {
    parts[parts.length - 1] += `_${new Intl.PluralRules(lng).select(values.count)}`;
  }
  const value = parts.reduce<string | TTree | undefined>((node, part) => (node as TTree | undefined)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`No text ${lng}:${key}`);
  // Placeholders without a value stay as they are (callers may fill them themselves).
  return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * Waits until the page's app is hydrated: web/root.tsx sets <html data-hydrated="true"> once the hydrated render
 * committed, so every control is live. Network silence says nothing about that on a busy machine.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Opens a page and waits until it is hydrated; returns the document's response. */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Saves a screenshot under test-results/screens for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join('test-results', 'screens', `${name}.png`), fullPage: true });
}

/**
 * Puts away, before the page loads, the banners that outrank the push prompt: one banner shows at a time (issue 31),
 * and a new member's welcome bonus and missing photo come first.
 */
export async function hideBannersAbovePush(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.localStorage.setItem('hide-time-bonus-banner', String(Date.now()));
    window.localStorage.setItem('hide-enrich-alert', String(Date.now()));
  });
}

/** Marks the entry warning as dismissed before the page loads. */
export async function dismissEntryWarning(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem('site-entry-warning-dismissed', String(Date.now())));
}

/** A confirmed member in its own browser context (optionally in a locale); returns the page and the profile id. */
export async function confirmedMember(
  browser: Browser,
  name: string,
  options: { locale?: string; gender?: 'male' | 'female'; lookingFor?: 'male' | 'female' } = {},
): Promise<{ page: Page; profileId: number; email: string; name: string }> {
  const context = await browser.newContext();
  if (options.locale) {
    await context.addCookies([{ name: 'i18n_redirected', value: options.locale, url: E2E_BASE_URL }]);
  }
  const page = await context.newPage();
  await dismissEntryWarning(page);
  const email = `${name}-${Date.now()}@example.com`;
  const displayName = `${name}${Date.now() % 100000}`;
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: displayName,
      password: 'journey password 1',
      password_confirmation: 'journey password 1',
      date_of_birth: '1991-03-03',
      gender: options.gender ?? 'female',
      looking_for: options.lookingFor ?? 'male',
      accept_terms: true,
      // Journey members match by the orientation their "looking for" reveals, so they give its Art. 9 consent.
      orientation_consent: true,
    },
  });
  if (!res.ok()) throw new Error(`signup failed: ${res.status()} ${await res.text()}`);
  // Signup starts no session: the member logs in (the cookie stays in this context).
  const login = await page.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email, password: 'journey password 1' },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
  const { user } = await login.json();
  const [mail] = await (await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  // The link's page asks first (a GET never activates); its button confirms.
  await gotoHydrated(page, link.pathname + link.search);
  await page.getByRole('button', { name: text(options.locale ?? 'en', 'activate.confirm.submit') }).click();
  await page.waitForURL(/\/activate\/done$/);
  return { page, profileId: user.profile.id, email, name: displayName };
}

/** Grants credits to a journey member (development-only route, see server/dev/dev-credits.routes.ts). */
export async function grantCredits(page: Page, email: string, credits: number): Promise<void> {
  const res = await page.request.post('/dev/credits.json', { data: { email, credits } });
  if (!res.ok()) throw new Error(`credit grant failed: ${res.status()}`);
}

export type TMail = { kind: string; text: string };

/** The newest email of a kind sent to an address (the mailbox is filled after the answer, so it is polled). */
export async function newestMail(page: Page, to: string, kind: string): Promise<TMail> {
  let found: TMail | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}`);
      found = ((await res.json()) as TMail[]).find((m) => m.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

/** The path and query of the email's link that contains `part`. */
export function linkIn(mail: TMail, part: string): string {
  const href = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(part));
  if (!href) throw new Error(`No ${part} link in: ${mail.text}`);
  const link = new URL(href);
  return link.pathname + link.search;
}
