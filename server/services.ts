import type { DestinationStream } from 'pino';
import { z } from 'zod';
import type { TConfig } from './config.ts';
import type { TCore } from './core.ts';
import type { TDatabase } from './db/connect.ts';
import { declareJob, defineJob, type TJobDefinition, type TJobPolicy } from './jobs/define-job.ts';
import { createJobQueue, type TJobQueue } from './jobs/job-queue.ts';
import { createJobRunner } from './jobs/jobs.ts';
import { createSiteRateLimiter } from './lib/rate-limit.ts';
import { createLogger, type TLogger } from './lib/logger.ts';
import { createMailer, type TMailer } from './mail/mailer.ts';
import { SEND_MAIL_JOB } from './mail/send-mail.job.ts';
import { createAccountChangesService } from './modules/accounts/account-changes.service.ts';
import { REACTIVATION_REQUEST_JOB, RESET_REQUEST_JOB } from './modules/accounts/address-requests.ts';
import { createAccountsService, type TAccountsService } from './modules/accounts/accounts.service.ts';
import { createPurgeAccountJob } from './modules/accounts/purge.job.ts';
import { createRetentionJob } from './modules/accounts/retention.job.ts';
import { RETENTION_JOB } from './modules/accounts/retention.repository.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createChatService } from './modules/chat/chat.service.ts';
import { createContentService } from './modules/content/content.service.ts';
import { locateCity } from './modules/geo/geocode.service.ts';
import { createGeoIpService } from './modules/geo/geoip.service.ts';
import { createLikesService } from './modules/likes/likes.service.ts';
import { createMatchFinderService } from './modules/match-finder/match-finder.service.ts';
import { createEmailStatusService } from './modules/notifications/email/email-status.service.ts';
import { sendNotificationEmail } from './modules/notifications/email/notification-email.ts';
import { createNotificationsService } from './modules/notifications/switches/switches.service.ts';
import {
  createNotifier,
  NOTIFY_EMAIL_JOB,
  notificationOrigin,
} from './modules/notifications/notifier/notifier.service.ts';
import {
  createNotifyBroadcastJob,
  createNotifySweepJob,
  createNotifyWeeklyJob,
  NOTIFY_BROADCAST_JOB,
  NOTIFY_SWEEP_JOB,
  NOTIFY_WEEKLY_JOB,
} from './modules/notifications/notifier/notify-sweep.job.ts';
import type { TPushResolver } from './modules/notifications/push/push-address.ts';
import { createPushService, pushSubject } from './modules/notifications/push/push.service.ts';
import { createPaymentsArea } from './modules/payments/payments.area.ts';
import type { TPaymentProvider } from './modules/payments/provider.ts';
import { createPhotoStore, type TPhotoStore } from './modules/photos/photo-store.ts';
import { createPhotosService } from './modules/photos/photos.service.ts';
import { createPrivacyArea } from './modules/privacy/privacy.area.ts';
import { createBlocksService } from './modules/profiles/blocks.service.ts';
import { createMyProfileService } from './modules/profiles/my-profile.service.ts';
import { createProfileBasicsService } from './modules/profiles/profile-basics.service.ts';
import { createProfilesService } from './modules/profiles/profiles.service.ts';
import { createReferenceService } from './modules/reference/reference.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { createSearchService } from './modules/search/search.service.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createSiteSettingsService, ensureVapidKeys } from './modules/sites/settings.service.ts';
import { createSitesService, type TSitesService } from './modules/sites/sites.service.ts';
import { createHub, type TRealtimeHub } from './realtime/hub.ts';

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
    mailJobKinds: [SEND_MAIL_JOB.kind, NOTIFY_EMAIL_JOB],
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
  const { jobs: accountJobs, ...accounts } = wireAccounts(core, { config, mailer, jobs, realtime, store, provider });
  const {
    jobs: notificationJobs,
    notifier,
    ...notifications
  } = wireNotifications(core, {
    config,
    mailer,
    jobs,
    realtime,
    sites,
    vapid,
    accounts: accounts.accounts,
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

/** Any JSON object: the payload of a kind not yet declared with its own schema. */
const ZUntypedPayload = z.record(z.string(), z.unknown());

/** A temporary adapter for the kinds whose modules do not export definitions yet: their handlers read the raw payload. */
function untypedJob(
  kind: string,
  handler: (payload: Record<string, unknown>) => Promise<void>,
  policy?: TJobPolicy,
): TJobDefinition {
  return defineJob(declareJob({ kind, payload: ZUntypedPayload }), { policy, handler });
}

/** Accounts: sign-up and log-in, account changes, sessions, and their jobs (to become modules/accounts' area). */
function wireAccounts(
  core: TCore,
  deps: {
    config: Pick<TConfig, 'dataDir'>;
    mailer: TMailer;
    jobs: TJobQueue;
    realtime: TRealtimeHub;
    store: TPhotoStore;
    provider: TPaymentProvider;
  },
) {
  const { db, now, log } = core;
  const { mailer, jobs, realtime, store, provider } = deps;
  const accountChanges = createAccountChangesService({ db, mailer, jobs, realtime, log, now });
  const purge = createPurgeAccountJob({ db, store, provider, dataDir: deps.config.dataDir, now });
  return {
    accounts: createAccountsService({ db, mailer, jobs, realtime, log, now }),
    accountChanges,
    /** The member's active sessions in settings (list, end one, end all others). */
    sessions: createSessionsService(core, { realtime }),
    jobs: [
      untypedJob('purge_account', purge),
      untypedJob(RETENTION_JOB, createRetentionJob(core)),
      // Looks up the address of a password reset request off the request path (who is a member never leaks).
      untypedJob(RESET_REQUEST_JOB, (p) => accountChanges.runResetRequest(p), { scrub: () => ({}) }),
      untypedJob(REACTIVATION_REQUEST_JOB, (p) => accountChanges.runReactivationRequest(p), { scrub: () => ({}) }),
    ],
  };
}

/** Notifications: switches, Web Push, email status, the notifier and its jobs (to become modules/notifications' area). */
function wireNotifications(
  core: TCore,
  deps: {
    config: TConfig;
    mailer: TMailer;
    jobs: TJobQueue;
    realtime: TRealtimeHub;
    sites: TSitesService;
    vapid: { publicKey: string; privateKey: string };
    accounts: Pick<TAccountsService, 'activationLink'>;
    pushCa?: string;
    pushResolver?: TPushResolver;
  },
) {
  const { db, now, log } = core;
  const { config, mailer, jobs, accounts } = deps;
  const emailStatus = createEmailStatusService({ db, mailer, jobs, log, now });
  const push = createPushService({
    db,
    vapid: deps.vapid,
    subject: pushSubject(config.publicUrl),
    now,
    log,
    addressPolicy: { allowLoopback: config.pushAllowLoopback },
    resolve: deps.pushResolver,
    ca: deps.pushCa,
  });
  const notifier = createNotifier({
    db,
    sites: deps.sites,
    push: { subscriptionIds: push.subscriptionIds, deliver: push.deliverNotification },
    email: (args) => sendNotificationEmail(mailer, { ...args, now: now() }),
    presence: deps.realtime,
    activationLink: (userId, origin) => accounts.activationLink(userId, origin),
    originOf: (site) => notificationOrigin(site, config),
    emailDelayMs: config.notificationEmailDelayMs,
    jobs,
    hardBounce: ({ id, email }) => emailStatus.recordFeedback({ id, email, type: 'bounce', bounceType: 'hard' }),
    now,
    log,
  });
  return {
    notifier,
    /** The member's notification switches. */
    notifications: createNotificationsService({ db, now }),
    /** Whether notification email reaches a member: unsubscribe links, bounce/complaint reports, re-enabling. */
    emailStatus,
    /** Web Push: members' browser subscriptions and delivery of one push. */
    push,
    jobs: [
      ...Object.entries(notifier.handlers).map(([kind, handler]) => untypedJob(kind, handler)),
      untypedJob(NOTIFY_SWEEP_JOB, createNotifySweepJob(core)),
      untypedJob(NOTIFY_WEEKLY_JOB, createNotifyWeeklyJob(core)),
      untypedJob(NOTIFY_BROADCAST_JOB, createNotifyBroadcastJob(core)),
    ],
  };
}
