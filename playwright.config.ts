import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_MAIL_WEBHOOK_SECRET, E2E_PORT } from './e2e/constants.ts';

const PORT = E2E_PORT;
const dataDir = path.join(os.tmpdir(), `amora-e2e-${process.pid}`);

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
  ],
});
