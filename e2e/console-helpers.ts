import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page } from '@playwright/test';
import { generate } from 'otplib';
import type { TStaffRole } from '../common/staff.ts';
import { E2E_BASE_URL } from './constants.ts';
import { waitForHydration } from './helpers.ts';

/** The demo owner the journeys' server seeds (SEED_DEMO is on there), see server/db/seed/demo-staff.ts. */
export const DEMO_OWNER = { email: 'owner@amora.localhost', password: 'demo-console-owner-2026' };

/** The password every staff member the journeys invite chooses. */
export const JOURNEY_STAFF_PASSWORD = 'copper-lantern-meadow-42';

type TTree = { [key: string]: string | TTree };

/** A console catalogue text (locales/admin/<area>/<lng>.json), `{{x}}` filled from `values`. */
export function adminText(lng: string, key: string, values: Record<string, string> = {}): string {
  const dir = path.resolve('locales', 'admin');
  const tree: TTree = Object.assign(
    {},
    ...fs.readdirSync(dir).map((area) => JSON.parse(fs.readFileSync(path.join(dir, area, `${lng}.json`), 'utf8'))),
  );
  const value = key.split('.').reduce<string | TTree | undefined>((node, part) => (node as TTree)?.[part], tree);
  if (typeof value !== 'string') throw new Error(`No console text ${lng}:${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The TOTP secrets of staff enrolled during this run, kept in a file: journeys in other files log the same demo owner
 * in again (the server lives for the whole run; the first login enrolled the owner's authenticator).
 */
const SECRETS = path.resolve('test-results', 'console-secrets.json');
type TSecret = { secret: string; step: number };
const secrets = (): Record<string, TSecret> =>
  fs.existsSync(SECRETS) ? JSON.parse(fs.readFileSync(SECRETS, 'utf8')) : {};
const currentStep = () => Math.floor(Date.now() / 30_000);
function keepSecret(email: string, entry: TSecret): void {
  fs.mkdirSync(path.dirname(SECRETS), { recursive: true });
  fs.writeFileSync(SECRETS, JSON.stringify({ ...secrets(), [email]: entry }));
}

/** The code of a secret for a 30-second step no login used yet (the server accepts each step once). */
async function freshCode(email: string, secret: string, lastStep: number): Promise<string> {
  while (currentStep() <= lastStep) await new Promise((resolve) => setTimeout(resolve, 1000));
  const step = currentStep();
  keepSecret(email, { secret, step });
  return generate({ secret, epoch: step * 30 });
}

/** The next login code of a staff member whose authenticator a journey enrolled (waits for an unused 30-s step). */
export async function nextLoginCode(email: string): Promise<string> {
  const known = secrets()[email];
  if (!known) throw new Error(`no stored authenticator secret for ${email}`);
  return freshCode(email, known.secret, known.step);
}

/**
 * Finishes the code step on the page: an enrolment (reads the key shown beside the QR code, types its code, stores it,
 * passes the recovery codes) or a login with the stored secret. Ends on the console's home page.
 */
export async function completeTwoFactor(page: Page, email: string): Promise<void> {
  const code = page.locator('#admin-code');
  await code.waitFor();
  const manual = page.locator('code.user-select-all');
  if (await manual.count()) {
    const secret = (await manual.innerText()).trim();
    await code.fill(await freshCode(email, secret, -1));
    await page.locator('button[type=submit]').click();
    await expect(page.locator('.font-monospace li')).toHaveCount(10);
    await page.locator('button.btn-primary').click();
  } else {
    await code.fill(await nextLoginCode(email));
    await page.locator('button[type=submit]').click();
  }
  await page.waitForURL((url) => url.pathname.startsWith('/admin') && !url.pathname.startsWith('/admin/login'));
  await waitForHydration(page);
}

/** Logs a staff member in through the console's login page (email, password, then the code step). */
export async function consoleLogin(page: Page, email: string, password: string, redirect?: string): Promise<void> {
  await page.goto(`/admin/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`);
  await waitForHydration(page);
  await page.locator('#admin-email').fill(email);
  await page.locator('#admin-password').fill(password);
  await page.locator('button[type=submit]').click();
  await completeTwoFactor(page, email);
}

/** A console page logged in as the demo owner, in its own browser context. */
export async function ownerConsole(browser: Browser, locale = 'en'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'i18n_redirected', value: locale, url: E2E_BASE_URL }]);
  const page = await context.newPage();
  await consoleLogin(page, DEMO_OWNER.email, DEMO_OWNER.password);
  return page;
}

/**
 * A new staff member of a role, invited by the owner in the console (Staff) and enrolled through their link, in a
 * browser context of their own; answers their console page and email.
 */
export async function invitedStaff(
  browser: Browser,
  owner: Page,
  role: TStaffRole,
  options: { siteNames?: string[]; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; email: string }> {
  const email = `${role}-${Date.now()}@staff.example`;
  await owner.goto('/admin/staff');
  await waitForHydration(owner);
  await owner.getByRole('button', { name: adminText('en', 'staff.invite') }).click();
  await owner.locator('#staff-name').fill(`Journey ${role}`);
  await owner.locator('#staff-email').fill(email);
  await owner.locator('#staff-role').selectOption(role);
  for (const name of options.siteNames ?? []) await owner.getByLabel(name, { exact: false }).check();
  await owner.getByRole('button', { name: adminText('en', 'staff.send_invite') }).click();
  const link = await owner.locator('.alert-success input').inputValue();
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link);
  await waitForHydration(page);
  await page.locator('#enrol-password').fill(JOURNEY_STAFF_PASSWORD);
  await page.locator('#enrol-repeat').fill(JOURNEY_STAFF_PASSWORD);
  await page.locator('button[type=submit]').click();
  await completeTwoFactor(page, email);
  return { page, email };
}
