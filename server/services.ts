import type { DestinationStream } from 'pino';
import { createMembersArea } from './areas/members.area.ts';
import { createPlatform } from './areas/platform.ts';
import { createSiteArea } from './areas/site.area.ts';
import type { TConfig } from './config.ts';
import type { TCore } from './core.ts';
import type { TDatabase } from './db/connect.ts';
import { createJobRunner } from './jobs/jobs.ts';
import { createLogger, type TLogger } from './lib/logger.ts';
import { createConsoleArea } from './areas/console.area.ts';
import { createAccountsArea } from './modules/accounts/accounts.area.ts';
import { createNotificationsArea } from './modules/notifications/notifications.area.ts';
import type { TPushResolver } from './modules/notifications/push/push-address.ts';
import { createPaymentsArea } from './modules/payments/payments.area.ts';
import { createPhotoVariantsJob } from './modules/photos/photo-variants.job.ts';
import { createPrivacyArea } from './modules/privacy/privacy.area.ts';

/** Everything routes and page loaders need, built once per process (no DI container). */
export type TServices = Awaited<ReturnType<typeof createServices>>;

/** What `createServices` takes besides the configuration and the database (tests and benchmarks set them). */
export interface TServicesOptions {
  now?: () => Date;
  log?: TLogger;
  logDestination?: DestinationStream;
  /** Certificates Web Push requests trust instead of the system's (tests and benchmarks: their local push service). */
  pushCa?: string;
  /** Resolves push endpoints' host names (tests stub it); default the system resolver. */
  pushResolver?: TPushResolver;
  /** Prefix of the limiter's counters: tests give each app its own, or one to share between two apps. */
  limiterNamespace?: string;
}

/**
 * Builds the service layer over a connected database, each area after what it uses (server/areas/ and the
 * `*.area.ts` of the large modules). Areas that run jobs get the late-bound job queue; the runner is built from every
 * area's job definitions and bound to it.
 */
export async function createServices(config: TConfig, database: TDatabase, options: TServicesOptions = {}) {
  const pretty = !config.isProduction && process.stdout.isTTY;
  const log = options.log ?? createLogger({ level: config.logLevel, pretty, destination: options.logDestination });
  const core: TCore = { db: database.db, now: options.now ?? (() => new Date()), log };
  const { vapid, ...site } = await createSiteArea(core, { geoipHeader: config.geoipHeader });
  const defaultDomain = site.sites.lastKnown(null)?.domain;
  const platform = await createPlatform(core, { config, defaultDomain, limiterNamespace: options.limiterNamespace });
  const { mailer, jobs, realtime, store } = platform;
  const { jobs: paymentJobs, provider, ...payments } = createPaymentsArea(core, { config, realtime });
  const { dataDir } = config;
  const { jobs: accountJobs, ...accounts } = createAccountsArea(core, {
    mailer,
    jobs,
    realtime,
    store,
    dataDir,
    provider,
  });
  const { activationLink } = accounts.accounts;
  const { pushCa, pushResolver } = options;
  const notificationDeps = { config, vapid, mailer, sites: site.sites, presence: realtime, jobs, activationLink };
  const area = createNotificationsArea(core, { ...notificationDeps, pushCa, pushResolver });
  const { jobs: notificationJobs, notifier, ...notifications } = area;
  const switchesOf = async (userId: number) => (await notifications.notifications.settings(userId)).kinds;
  const { jobs: privacyJobs, ...privacy } = createPrivacyArea(core, { dataDir, mailer, jobs, switchesOf });
  // Sent or failed emails keep no copy of their single-use links in the jobs table. Requests wait for their email only
  // when it goes to the dev mailbox table (the demo shows it right after); an SMTP relay never holds a request long.
  const photoJobs = [createPhotoVariantsJob({ db: core.db, store, now: core.now, log })];
  const definitions = [
    ...mailer.jobs,
    ...paymentJobs,
    ...privacyJobs,
    ...accountJobs,
    ...notificationJobs,
    ...photoJobs,
  ];
  const runner = createJobRunner(core.db, {
    definitions,
    now: core.now,
    log,
    runNowWaitMs: mailer.kind === 'mailbox' ? Infinity : undefined,
  });
  jobs.bind(runner);
  const members = createMembersArea(core, { ...platform, notifier });
  const retryableJobKinds: ReadonlySet<string> = new Set(definitions.filter((d) => !d.policy.scrub).map((d) => d.kind));
  const { photos } = members;
  const consoleDeps = { ...platform, config, mailer, sites: site.sites, notifier, photos, retryableJobKinds };
  const consoleArea = createConsoleArea(core, { ...consoleDeps, payments: { provider, ...payments } });
  return {
    config,
    database,
    /** The process logger (pino); Fastify's request loggers are its children. */
    log,
    now: core.now,
    ...site,
    vapid: { publicKey: vapid.publicKey },
    mailer,
    realtime,
    rateLimits: platform.rateLimits,
    ...members,
    ...payments,
    ...privacy,
    ...notifications,
    ...accounts,
    ...consoleArea,
    /** The job kinds the runner has a definition for (a test checks every declared kind is among them). */
    jobKinds: runner.kinds,
    /** Kinds whose payload stays whole when they fail (no scrub policy): the console may retry them. */
    retryableJobKinds,
    /** Runs due background jobs once (the process entry polls it). */
    runJobs: (): Promise<number> => runner.runDue(),
    /** Waits for the jobs requests started in the background (`jobs.runNow`) to end; before closing the database. */
    settleJobs: (): Promise<void> => runner.idle(),
    /**
     * A shutdown's phases (server/main.ts): `shuttingDown` from SIGTERM (/readyz 503, still serving), `refusing` once
     * the drain is over (every new request answered 503 with Retry-After until the listener closes).
     */
    lifecycle: { shuttingDown: false, refusing: false },
  };
}
