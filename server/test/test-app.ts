import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app.ts';
import { loadConfig, type TConfig } from '../config.ts';
import { connectDatabase, type TDatabase } from '../db/connect.ts';
import { seedBaseSites } from '../db/seed/base-sites.ts';
import { seedDemoProfiles } from '../db/seed/demo-seed.ts';
import { createServices, type TServices } from '../services.ts';
import type { TPushResolver } from '../modules/notifications/push/push-address.ts';

export interface TTestApp {
  app: FastifyInstance;
  services: TServices;
  config: TConfig;
  /** The fresh PostgreSQL database of this app (undefined on PGlite), for tests that start more processes on it. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** Opens a fresh database: a new PostgreSQL database when DATABASE_URL is set, else in-memory PGlite. */
async function freshDatabase(
  baseUrl: string | undefined,
): Promise<{ database: TDatabase; url?: string; drop: () => Promise<void> }> {
  if (!baseUrl) return { database: await connectDatabase({ dataDir: null }), drop: async () => {} };
  const name = `amora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await connectDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Boots the real app on a fresh database with the base sites (and optionally demo members) seeded. */
export async function buildTestApp(
  options: {
    web?: boolean;
    demoProfiles?: number;
    /** Seed the demo company and base sites (default); false: a fresh production database with no site. */
    baseSites?: boolean;
    now?: () => Date;
    env?: Record<string, string>;
    /** Capture the app's log lines (JSON) here; set `env.LOG_LEVEL` to the level the test needs. */
    logDestination?: DestinationStream;
    /** The limiter's counter prefix; two apps given the same one share counts (with REDIS_URL). Default: the app's own. */
    limiterNamespace?: string;
    /** Certificates Web Push requests trust: `startTestPushService().ca` (with `env.PUSH_ALLOW_LOOPBACK`). */
    pushCa?: string;
    /** Resolves push endpoints' host names instead of the system resolver. */
    pushResolver?: TPushResolver;
  } = {},
): Promise<TTestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-test-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMITS: 'false',
    ...options.env,
  });
  const { database, url: databaseUrl, drop } = await freshDatabase(config.databaseUrl);
  if (options.baseSites ?? true) await seedBaseSites(database.db);
  if (options.demoProfiles) {
    await seedDemoProfiles(database.db, { dataDir, count: options.demoProfiles });
  }
  const services = await createServices(config, database, {
    now: options.now,
    logDestination: options.logDestination,
    limiterNamespace: options.limiterNamespace ?? randomBytes(6).toString('hex'),
    pushCa: options.pushCa,
    pushResolver: options.pushResolver,
  });
  const app = await buildApp({ services, web: options.web ?? false, logger: options.logDestination !== undefined });
  await app.ready();
  return {
    app,
    services,
    config,
    databaseUrl,
    close: async () => {
      await app.close();
      await services.settleJobs();
      await services.realtime.close();
      await services.rateLimits.close();
      services.mailer.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
