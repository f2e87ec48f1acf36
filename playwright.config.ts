import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  E2E_MAIL_WEBHOOK_SECRET,
  E2E_PORT,
  E2E_PROD_ENROLMENT_FILE,
  E2E_PROD_OWNER,
  E2E_PROD_PORT,
  E2E_PROD_URL,
} from './e2e/constants.ts';

const PORT = E2E_PORT;
const dataDir = path.join(os.tmpdir(), `amora-e2e-${process.pid}`);
const prodDataDir = path.join(os.tmpdir(), `amora-e2e-prod-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // A loaded machine (parallel builds and test runs) can take longer than the default 5 s to show a result.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/playwright',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `rm -rf ${dataDir} && node server/main.ts`,
      url: `http://localhost:${PORT}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: 'test',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        // Every journey comes from 127.0.0.1; per-IP limits (signup: 10 a minute) are covered by integration tests.
        RATE_LIMITS: 'false',
        DATA_DIR: dataDir,
        DEMO_PROFILES: '60',
        GEOIP_HEADER: 'x-test-country',
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
        // The notifications journey reports a bounce and a spam complaint through the signed mail webhook.
        MAIL_WEBHOOK_SECRET: E2E_MAIL_WEBHOOK_SECRET,
        // A like or message email goes at once (not after 10 minutes), so a journey can follow a real one.
        NOTIFICATION_EMAIL_DELAY_S: '0',
      },
    },
    {
      // A fresh production installation as its operator runs it on the embedded database (e2e/production-setup.spec.ts):
      // nothing seeded, the first owner made by the real `admin:create`, whose link goes to a file the journey opens.
      command:
        `rm -rf ${prodDataDir} ${path.dirname(E2E_PROD_ENROLMENT_FILE)} && mkdir -p ${path.dirname(E2E_PROD_ENROLMENT_FILE)}` +
        ` && node scripts/admin-create.ts ${E2E_PROD_OWNER} --role owner --name "Fenna Founder" > ${E2E_PROD_ENROLMENT_FILE}` +
        ` && node server/main.ts`,
      url: `${E2E_PROD_URL}/readyz`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: 'production',
        PORT: String(E2E_PROD_PORT),
        HOST: '127.0.0.1',
        PUBLIC_URL: E2E_PROD_URL,
        SEED_DEMO: 'false',
        DATA_DIR: prodDataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    },
  ],
});
