import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { adminText, completeTwoFactor, JOURNEY_STAFF_PASSWORD } from './console-helpers.ts';
import { CLIENT, E2E_PROD_OWNER, E2E_PROD_PORT, E2E_PROD_URL } from './constants.ts';
import { dismissEntryWarning, screenshot, text, waitForHydration } from './helpers.ts';

/** What the demo seed's company is known by (server/db/seed/base-sites.ts): none of it may show on a fresh install. */
const DEMO_COMPANY = ['Amora Media', '87654321', 'NL864512378B01', 'Herengracht 420'];
const COMPANY = {
  name: 'Noorderlicht Dating B.V.',
  address: 'Oude Ebbingestraat 12',
  city: 'Groningen',
  kvk: '73019284',
  vat_numbers: 'NL861234567B01',
  tradenames: 'Noorderliefde',
  support_phone: '+31 50 123 45 67',
};

/**
 * A fresh production installation as its operator runs it on the embedded database, started by this journey only (the
 * other journeys never pay for it): nothing seeded, the first owner made by the real `admin:create`, whose printed
 * link the owner opens.
 */
const dataDir = path.join(os.tmpdir(), `amora-e2e-prod-${process.pid}`);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: String(E2E_PROD_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: E2E_PROD_URL,
  SEED_DEMO: 'false',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
  // The journey stops it at the end: no requests are left to drain.
  SHUTDOWN_DRAIN_MS: '0',
};
let server: ChildProcess | undefined;
let enrolmentOutput = '';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const created = await promisify(execFile)(
    process.execPath,
    ['scripts/admin-create.ts', E2E_PROD_OWNER, '--role', 'owner', '--name', 'Fenna Founder'],
    { env },
  );
  enrolmentOutput = created.stdout;
  server = spawn(process.execPath, ['server/main.ts'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await expect(async () => {
    expect((await fetch(`${E2E_PROD_URL}/readyz`)).ok).toBe(true);
  }).toPass({ timeout: 180_000, intervals: [500] });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Screenshots of a console step at desktop and phone width. */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, `production-${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await screenshot(page, `production-${name}-375`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The first owner's console: opens the link `admin:create` printed, chooses a password, enrols the authenticator. */
async function enrolFirstOwner(browser: Browser): Promise<Page> {
  const link = /https?:\/\/\S+/.exec(enrolmentOutput)?.[0];
  expect(link, 'admin:create printed an enrolment link').toBeDefined();
  expect(link!.startsWith(`${E2E_PROD_URL}/admin/`)).toBe(true);
  const context = await browser.newContext({ baseURL: E2E_PROD_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(link!);
  await waitForHydration(page);
  await shoot(page, 'enrol');
  await page.locator('#enrol-password').fill(JOURNEY_STAFF_PASSWORD);
  await page.locator('#enrol-repeat').fill(JOURNEY_STAFF_PASSWORD);
  await page.locator('button[type=submit]').click();
  await completeTwoFactor(page, E2E_PROD_OWNER);
  return page;
}

test('a fresh production database (SEED_DEMO=false) has no demo company and is set up from the console', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const visitor = await browser.newPage({ baseURL: E2E_PROD_URL });
  await dismissEntryWarning(visitor);
  const before = await visitor.goto('/');
  expect(before?.status()).toBe(503);
  await expect(visitor.getByRole('heading', { name: text('en', 'error.setup_title') })).toBeVisible();
  const page503 = await visitor.content();
  for (const demo of DEMO_COMPANY) expect(page503).not.toContain(demo);
  await screenshot(visitor, 'production-being-set-up');

  const owner = await enrolFirstOwner(browser);
  await owner.goto('/admin/sites');
  await waitForHydration(owner);
  await shoot(owner, 'sites-empty');
  for (const [name, value] of Object.entries(COMPANY)) await owner.locator(`#company-${name}`).fill(value);
  await owner.getByRole('button', { name: adminText('en', 'sites.company.create') }).click();
  const firstSite = owner.getByRole('link', { name: adminText('en', 'sites.setup.create_first') });
  await expect(firstSite).toBeVisible();
  await shoot(owner, 'company-created');

  await firstSite.click();
  await waitForHydration(owner);
  await owner.locator('#site-domain').fill('localhost');
  await owner.locator('#site-name').fill('Noorderliefde');
  await owner.locator('#site-index_title').fill('Noorderliefde – daten in het noorden');
  await owner.locator('#site-domain_language').selectOption('nl');
  await owner.locator('#site-niche').selectOption('2');
  await shoot(owner, 'site-general');
  await owner.getByRole('tab', { name: adminText('en', 'sites.tab.prices') }).click();
  await owner.locator('#site-minimum_message_costs-add').selectOption('NL');
  await owner.getByLabel(adminText('en', 'sites.costs.minor_of', { country: 'NL' })).fill('49');
  await owner.getByLabel(adminText('en', 'sites.costs.currency_of', { country: 'NL' })).fill('EUR');
  await owner.getByRole('tab', { name: adminText('en', 'sites.tab.support') }).click();
  await owner.locator('#site-mail_name').fill('Noorderliefde');
  await owner.locator('#site-support_email').fill('hulp@noorderliefde.example');
  await owner.locator('#site-support_phone').fill(COMPANY.support_phone);
  await shoot(owner, 'site-support');
  await owner.getByRole('button', { name: adminText('en', 'sites.editor.create') }).click();
  await owner.waitForURL(/siteId=\d+/);
  await waitForHydration(owner);

  // Within the site cache's 30 s the site answers, in its language, with the company just entered.
  await expect(async () => {
    const res = await visitor.goto('/');
    expect(res?.status()).toBe(200);
  }).toPass({ timeout: 35_000 });
  await visitor.goto('/pages/terms');
  const legal = await visitor.content();
  for (const shown of [COMPANY.name, COMPANY.kvk, COMPANY.vat_numbers, COMPANY.address]) expect(legal).toContain(shown);
  for (const demo of DEMO_COMPANY) expect(legal).not.toContain(demo);
  await screenshot(visitor, 'production-legal');

  // A credit bundle made in the console is offered to a member of the site.
  await owner.getByRole('tab', { name: adminText('en', 'sites.tab.bundles') }).click();
  await owner.getByRole('button', { name: adminText('en', 'sites.bundles.add') }).click();
  await owner.locator('#bundle-credits').fill('120');
  await owner.locator('#bundle-price_minor').fill('1495');
  await owner.getByRole('button', { name: adminText('en', 'common.save') }).click();
  await expect(owner.getByRole('cell', { name: '120', exact: true })).toBeVisible();
  await shoot(owner, 'bundle');
  const email = `eerste-${Date.now()}@example.com`;
  const signup = await visitor.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `eerste${Date.now() % 100000}`,
      password: 'journey password 1',
      password_confirmation: 'journey password 1',
      date_of_birth: '1990-04-04',
      gender: 'female',
      looking_for: 'male',
      accept_terms: true,
    },
  });
  expect(signup.ok(), await signup.text()).toBe(true);
  const login = await visitor.request.post('/api/user.php', {
    headers: CLIENT,
    data: { email, password: 'journey password 1' },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await visitor.context().addCookies([{ name: 'country', value: 'NL', url: E2E_PROD_URL }]);
  const offer = await (await visitor.request.get('/api/packages.php', { headers: CLIENT })).json();
  expect(offer.packages).toEqual([expect.objectContaining({ credits: 120, price: 1495, currency: 'EUR' })]);
});
