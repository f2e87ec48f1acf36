import type { DestinationStream } from 'pino';
import type { TConfig } from './config.ts';
import type { TCore } from './core.ts';
import type { TDatabase } from './db/connect.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createJobRunner } from './jobs/jobs.ts';
import { createSiteRateLimiter } from './lib/rate-limit.ts';
import { createLogger, type TLogger } from './lib/logger.ts';
import { createMailer } from './mail/mailer.ts';
import { SEND_MAIL_JOB } from './mail/send-mail.job.ts';
import { createAccountsArea } from './modules/accounts/accounts.area.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { locateCity } from './modules/geo/geocode.service.ts';
import { createGeoIpService } from './modules/geo/geoip.service.ts';
import { createLikesService } from './modules/likes/likes.service.ts';
import { createMatchFinderService } from './modules/match-finder/match-finder.service.ts';
import { createNotificationsArea } from './modules/notifications/notifications.area.ts';
import { notifyEmailJob } from './modules/notifications/notifier/events.ts';
import type { TPushResolver } from './modules/notifications/push/push-address.ts';
import { createPaymentsArea } from './modules/payments/payments.area.ts';
import { createPhotoStore } from './modules/photos/photo-store.ts';
import { createPhotosService } from './modules/photos/photos.service.ts';
import { createPrivacyArea } from './modules/privacy/privacy.area.ts';
import { createBlocksService } from './modules/profiles/blocks.service.ts';
import { createMyProfileService } from './modules/profiles/my-profile.service.ts';
import { createProfileBasicsService } from './modules/profiles/profile-basics.service.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSiteSettingsService, ensureVapidKeys } from './modules/sites/settings.service.ts';
import { createSitesService } from './modules/sites/sites.service.ts';
import { createHub } from './realtime/hub.ts';

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
 * Builds the service layer over a connected database, each part after what it uses. Services that run jobs get the
 * late-bound job queue; the runner is built last, from every area's job definitions, and bound to it.
 */
export async function createServices(config: TConfig, database: TDatabase, options: TServicesOptions = {}) {
  const { db } = database;
  const pretty = !config.isProduction && process.stdout.isTTY;
  const log = options.log ?? createLogger({ level: config.logLevel, pretty, destination: options.logDestination });
  const now = options.now ?? (() => new Date());
  const core: TCore = { db, now, log };
  const vapid = await ensureVapidKeys(db);
  const sites = createSitesService(db);
  // Every site's name and language as read at start-up: the 503 page still has them while the database is down.
  await sites.warm();
  const mailer = createMailer(config, db, {
    log,
    now,
    defaultDomain: sites.lastKnown(null)?.domain,
    mailJobKinds: [SEND_MAIL_JOB.kind, notifyEmailJob.kind],
  });
  const store = createPhotoStore(config.dataDir);
  const realtime = await createHub(config.redisUrl, log);
  const jobs = createJobQueue();
  const rateLimits = await createSiteRateLimiter({
    enabled: config.rateLimits,
    redisUrl: config.redisUrl,
    namespace: options.limiterNamespace,
    now: () => now().getTime(),
    log,
  });
  const { jobs: paymentJobs, provider, ...payments } = createPaymentsArea(core, { config, realtime });
  const { jobs: privacyJobs, ...privacy } = createPrivacyArea(core, { dataDir: config.dataDir, mailer, jobs });
  const { jobs: accountJobs, ...accounts } = createAccountsArea(core, {
    mailer,
    jobs,
    realtime,
    store,
    dataDir: config.dataDir,
    provider,
  });
  const {
    jobs: notificationJobs,
    notifier,
    ...notifications
  } = createNotificationsArea(core, {
    config,
    vapid,
    mailer,
    sites,
    presence: realtime,
    jobs,
    activationLink: accounts.accounts.activationLink,
    pushCa: options.pushCa,
    pushResolver: options.pushResolver,
  });
  // Sent or failed emails keep no copy of their single-use links in the jobs table. Requests wait for their email only
  // when it goes to the dev mailbox table (the demo shows it right after); an SMTP relay never holds a request long.
  const runner = createJobRunner(db, {
    definitions: [...mailer.jobs, ...paymentJobs, ...privacyJobs, ...accountJobs, ...notificationJobs],
    now,
    log,
    runNowWaitMs: mailer.kind === 'mailbox' ? Infinity : undefined,
  });
  jobs.bind(runner);
  const likes = createLikesService(core, { realtime, notify: notifier, limits: rateLimits });
  return {
    config,
    database,
    /** The process logger (pino); Fastify's request loggers are its children. */
    log,
    sites,
    geoip: await createGeoIpService({ header: config.geoipHeader }),
    profiles: createProfilesService(core, { likes }),
    search: createSearchService(core),
    matchFinder: createMatchFinderService(core),
    blocks: createBlocksService(core),
    analytics: createAnalyticsService(core),
    photos: createPhotosService(core, { store }),
    reports: createReportsService(core, { mailer }),
    likes,
    chat: createChatService(core, { realtime, store, notify: notifier }),
    ...payments,
    ...privacy,
    ...notifications,
    vapid: { publicKey: vapid.publicKey },
    reference: createReferenceService(),
    content: createContentService(),
    siteSettings: createSiteSettingsService(),
    profileBasics: createProfileBasicsService(core, { locate: locateCity }),
    myProfile: createMyProfileService(core, { locate: locateCity }),
    realtime,
    mailer,
    ...accounts,
    /**
     * The one limiter: per-IP budgets of account operations (shared by API routes and page form actions), per-inbox
     * email budgets, profile and search reads, member daily caps; in Redis when configured, else in memory.
     */
    rateLimits,
    /** The job kinds the runner has a definition for (a test checks every declared kind is among them). */
    jobKinds: runner.kinds,
    /** Runs due background jobs once (the process entry polls it). */
    runJobs: (): Promise<number> => runner.runDue(),
    /** Waits for the jobs requests started in the background (`jobs.runNow`) to end; before closing the database. */
    settleJobs: (): Promise<void> => runner.idle(),
    now,
    /**
     * A shutdown's phases (server/main.ts): `shuttingDown` from SIGTERM (/readyz 503, still serving), `refusing` once
     * the drain is over (every new request answered 503 with Retry-After until the listener closes).
     */
    lifecycle: { shuttingDown: false, refusing: false },
  };
}
