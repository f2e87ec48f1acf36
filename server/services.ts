import { z } from 'zod';
import type { TConfig } from './config.ts';
import type { TDatabase } from './db/connect.ts';
import { createMailer, type TMailer } from './mail/mailer.ts';
import {
  REACTIVATION_REQUEST_JOB,
  RESET_REQUEST_JOB,
  createAccountChangesService,
  type TAccountChangesService,
} from './modules/accounts/account-changes.service.ts';
import { createAccountsService, type TAccountsService } from './modules/accounts/accounts.service.ts';
import { createSessionsService, type TSessionsService } from './modules/sessions/sessions.service.ts';
import { createConsentsService, type TConsentsService } from './modules/privacy/consents.service.ts';
import { createPurgeAccountJob } from './modules/accounts/purge.job.ts';
import { createRetentionJob } from './modules/accounts/retention.job.ts';
import { RETENTION_JOB } from './modules/accounts/retention.repository.ts';
import { createBuildDataExportJob, createExpireDataExportsJob } from './modules/privacy/data-export.job.ts';
import {
  BUILD_DATA_EXPORT_JOB,
  createDataExportService,
  EXPIRE_DATA_EXPORTS_JOB,
  type TDataExportService,
} from './modules/privacy/data-export.service.ts';
import { createBlocksService, type TBlocksService } from './modules/profiles/blocks.service.ts';
import {
  createNotificationsService,
  type TNotificationsService,
} from './modules/notifications/notifications.service.ts';
import { createAnalyticsService, type TAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createSearchService, type TSearchService } from './modules/search/search.service.ts';
import { createMatchFinderService, type TMatchFinderService } from './modules/match-finder/match-finder.service.ts';
import { createPhotoStore } from './modules/photos/photo-store.ts';
import { loadMyProfile, saveMyProfile, type TMyProfile } from './modules/profiles/my-profile.service.ts';
import { locateCity } from './modules/geo/geocode.service.ts';
import type { TProfileUpdate } from '../common/profile-edit.ts';
import { createPhotosService, type TPhotosService } from './modules/photos/photos.service.ts';
import { createReportsService, type TReportsService } from './modules/reports/reports.service.ts';
import { createLikesService, type TLikesService } from './modules/likes/likes.service.ts';
import { createChatService, type TChatService } from './modules/chat/chat.service.ts';
import { createPaymentsService, type TPaymentsService } from './modules/payments/payments.service.ts';
import { createCheckoutService, type TCheckoutService } from './modules/payments/checkout.service.ts';
import {
  createPaymentWebhookService,
  type TPaymentWebhookService,
} from './modules/payments/payment-webhook.service.ts';
import { createRefundsService, type TRefundsService } from './modules/payments/refunds.service.ts';
import { createDiscountsService, type TDiscountsService } from './modules/payments/discounts.service.ts';
import { createSandboxProvider, type TSandboxProvider } from './modules/payments/sandbox.provider.ts';
import { createMollieProvider } from './modules/payments/mollie.provider.ts';
import { createSmsSender } from './modules/payments/sms.ts';
import { RECONCILE_JOB } from './modules/payments/payments.repository.ts';
import { createReconcilePaymentJob } from './modules/payments/reconcile.job.ts';
import { createDirectDebitService, type TDirectDebitService } from './modules/payments/direct-debit.service.ts';
import {
  loadProfileBasics,
  saveProfileBasics,
  type TProfileBasics,
} from './modules/profiles/profile-basics.service.ts';
import { createJobRunner } from './jobs/jobs.ts';
import { declareJob, defineJob, type TJobDefinition, type TJobPolicy } from './jobs/define-job.ts';
import { renderContentPage } from './modules/content/content.service.ts';
import { createGeoIpService, type TGeoIpService } from './modules/geo/geoip.service.ts';
import { createProfilesService, type TProfilesService } from './modules/profiles/profiles.service.ts';
import { countryName, listCountries, regionsOf } from './modules/reference/reference.service.ts';
import { ensureVapidKeys, selectedCountry, siteText } from './modules/sites/settings.service.ts';
import { createSitesService, type TSitesService } from './modules/sites/sites.service.ts';
import { createHub, type TRealtimeHub } from './realtime/hub.ts';
import type { TPushResolver } from './modules/notifications/push-address.ts';
import { createPushService, pushSubject, type TPushService } from './modules/notifications/push.service.ts';
import { createEmailStatusService, type TEmailStatusService } from './modules/notifications/email-status.service.ts';
import { createNotifier, NOTIFY_EMAIL_JOB, notificationOrigin } from './modules/notifications/notifier.service.ts';
import { sendNotificationEmail } from './modules/notifications/notification-email.ts';
import {
  createNotifyBroadcastJob,
  createNotifySweepJob,
  NOTIFY_BROADCAST_JOB,
  createNotifyWeeklyJob,
  NOTIFY_SWEEP_JOB,
  NOTIFY_WEEKLY_JOB,
} from './modules/notifications/notify-sweep.job.ts';
import { createSiteRateLimiter, type TRateLimiter } from './lib/rate-limit.ts';
import { createLogger, type TLogger } from './lib/logger.ts';
import type { DestinationStream } from 'pino';

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

/** Everything routes and page loaders need, built once per process (no DI container). */
export interface TServices {
  config: TConfig;
  database: TDatabase;
  /** The process logger (pino); Fastify's request loggers are its children. */
  log: TLogger;
  sites: TSitesService;
  geoip: TGeoIpService;
  profiles: TProfilesService;
  search: TSearchService;
  matchFinder: TMatchFinderService;
  blocks: TBlocksService;
  analytics: TAnalyticsService;
  photos: TPhotosService;
  reports: TReportsService;
  likes: TLikesService;
  chat: TChatService;
  payments: TPaymentsService;
  /** Starting payments: checkout and the one-click repeat order. */
  checkout: TCheckoutService;
  /** Applies what the payment provider reports (webhook, reconciliation). */
  paymentWebhook: TPaymentWebhookService;
  /** Refunds by support. */
  refunds: TRefundsService;
  discounts: TDiscountsService;
  /** The sandbox payment service (the default provider), for its hosted checkout. */
  sandbox: TSandboxProvider;
  directDebit: TDirectDebitService;
  /** "Download my data": archive requests, their state, the download, expiry and erasure (issue 23 §3). */
  dataExport: TDataExportService;
  /** Consents given and withdrawn (Art. 9 orientation, marketing) and acceptance of new terms versions. */
  consents: TConsentsService;
  /** The member's notification switches (issue 14). */
  notifications: TNotificationsService;
  vapid: { publicKey: string };
  /** Whether notification email reaches a member: unsubscribe links, bounce/complaint reports, re-enabling. */
  emailStatus: TEmailStatusService;
  /** Web Push: members' browser subscriptions and delivery of one push (issue 14). */
  push: TPushService;
  reference: { countryName: typeof countryName; listCountries: typeof listCountries; regionsOf: typeof regionsOf };
  content: { render: typeof renderContentPage };
  siteSettings: { selectedCountry: typeof selectedCountry; siteText: typeof siteText };
  profileBasics: {
    load: (userId: number) => ReturnType<typeof loadProfileBasics>;
    save: (userId: number, input: TProfileBasics) => Promise<void>;
  };
  myProfile: {
    load: (userId: number) => Promise<TMyProfile>;
    save: (userId: number, input: TProfileUpdate) => Promise<void>;
  };
  realtime: TRealtimeHub;
  mailer: TMailer;
  accounts: TAccountsService;
  accountChanges: TAccountChangesService;
  /** The member's active sessions in settings (list, end one, end all others). */
  sessions: TSessionsService;
  /**
   * The one limiter (issue 28): per-IP budgets of account operations (shared by API routes and page form actions),
   * per-inbox email budgets, profile and search reads, member daily caps; in Redis when configured, else in memory.
   */
  rateLimits: TRateLimiter;
  /** The job kinds the runner has a definition for (a test checks every declared kind is among them). */
  jobKinds: readonly string[];
  /** Runs due background jobs once (the process entry polls it). */
  runJobs: () => Promise<number>;
  /** Waits for the jobs requests started in the background (`jobs.runNow`) to end; before closing the database. */
  settleJobs: () => Promise<void>;
  now: () => Date;
  /**
   * A shutdown's phases (server/main.ts): `shuttingDown` from SIGTERM (/readyz 503, still serving), `refusing` once
   * the drain is over (every new request answered 503 with Retry-After until the listener closes).
   */
  lifecycle: { shuttingDown: boolean; refusing: boolean };
}

/** Builds the service layer over a connected database. */
export async function createServices(
  config: TConfig,
  database: TDatabase,
  options: {
    now?: () => Date;
    log?: TLogger;
    logDestination?: DestinationStream;
    /** Certificates Web Push requests trust instead of the system's (tests and benchmarks: their local push service). */
    pushCa?: string;
    /** Resolves push endpoints' host names (tests stub it); default the system resolver. */
    pushResolver?: TPushResolver;
    /** Prefix of the limiter's counters: tests give each app its own, or one to share between two apps. */
    limiterNamespace?: string;
  } = {},
): Promise<TServices> {
  const log =
    options.log ??
    createLogger({
      level: config.logLevel,
      pretty: !config.isProduction && process.stdout.isTTY,
      destination: options.logDestination,
    });
  const vapid = await ensureVapidKeys(database.db);
  const now = options.now ?? (() => new Date());
  const sites = createSitesService(database.db);
  // Every site's name and language as read at start-up: the 503 page still has them while the database is down.
  await sites.warm();
  const mailer = createMailer(config, database.db, {
    log,
    now,
    defaultDomain: sites.lastKnown(null)?.domain,
    mailJobKinds: ['send_mail', NOTIFY_EMAIL_JOB],
  });
  const photoStore = createPhotoStore(config.dataDir);
  const realtime = await createHub(config.redisUrl, log);
  const sandbox = createSandboxProvider(database.db, { now });
  const provider =
    config.payments.provider === 'mollie'
      ? createMollieProvider({ apiKey: config.payments.mollieApiKey, apiEndpoint: config.payments.mollieApiEndpoint })
      : sandbox;
  const paymentWebhook = createPaymentWebhookService({ db: database.db, provider, realtime, now, log });
  const payments = createPaymentsService({ db: database.db, provider, webhook: paymentWebhook, now, log });
  const checkout = createCheckoutService({ db: database.db, provider, webhook: paymentWebhook, now, log });
  const sms = createSmsSender(database.db, config.sms);
  const push = createPushService({
    db: database.db,
    vapid,
    subject: pushSubject(config.publicUrl),
    now,
    log,
    addressPolicy: { allowLoopback: config.pushAllowLoopback },
    resolve: options.pushResolver,
    ca: options.pushCa,
  });
  const notifier = createNotifier({
    db: database.db,
    sites,
    push: { subscriptionIds: push.subscriptionIds, deliver: push.deliverNotification },
    email: (args) => sendNotificationEmail(mailer, { ...args, now: now() }),
    presence: realtime,
    activationLink: (userId, origin) => accounts.activationLink(userId, origin),
    originOf: (site) => notificationOrigin(site, config),
    emailDelayMs: config.notificationEmailDelayMs,
    jobs: { runDetached: (ids) => jobs.runDetached(ids) },
    hardBounce: ({ id, email }) => emailStatus.recordFeedback({ id, email, type: 'bounce', bounceType: 'hard' }),
    now,
    log,
  });
  const handlers: Record<string, (payload: Record<string, unknown>) => Promise<void>> = {
    ...notifier.handlers,
    [NOTIFY_SWEEP_JOB]: createNotifySweepJob({ db: database.db, now, log }),
    [NOTIFY_WEEKLY_JOB]: createNotifyWeeklyJob({ db: database.db, now, log }),
    [NOTIFY_BROADCAST_JOB]: createNotifyBroadcastJob({ db: database.db, now, log }),
    purge_account: createPurgeAccountJob({
      db: database.db,
      store: photoStore,
      provider,
      dataDir: config.dataDir,
      now,
    }),
    send_mail: mailer.deliver,
    [RETENTION_JOB]: createRetentionJob({ db: database.db, now, log }),
    // Looks up the address of a password reset request off the request path (who is a member never leaks).
    [RESET_REQUEST_JOB]: (payload: Record<string, unknown>) => accountChanges.runResetRequest(payload),
    [REACTIVATION_REQUEST_JOB]: (payload: Record<string, unknown>) => accountChanges.runReactivationRequest(payload),
    [BUILD_DATA_EXPORT_JOB]: createBuildDataExportJob({
      db: database.db,
      dataDir: config.dataDir,
      mailer,
      jobs: { runNow: (ids) => jobs.runNow(ids) },
      now,
      log,
    }),
    [EXPIRE_DATA_EXPORTS_JOB]: createExpireDataExportsJob({ expireDue: () => dataExport.expireDue() }),
    [RECONCILE_JOB]: createReconcilePaymentJob({
      db: database.db,
      refresh: paymentWebhook.applyProviderReport,
      now,
      log,
    }),
  };
  // Sent or failed emails keep no copy of their single-use links in the jobs table. Requests wait for their email only
  // when it goes to the dev mailbox table (the demo shows it right after); an SMTP relay never holds a request long.
  const policies: Record<string, TJobPolicy> = {
    send_mail: mailer.jobPolicy,
    [RESET_REQUEST_JOB]: { scrub: () => ({}) },
    [REACTIVATION_REQUEST_JOB]: { scrub: () => ({}) },
  };
  const jobs = createJobRunner(database.db, {
    definitions: Object.entries(handlers).map(([kind, handler]) => untypedJob(kind, handler, policies[kind])),
    now,
    log,
    runNowWaitMs: mailer.kind === 'mailbox' ? Infinity : undefined,
  });
  const dataExport = createDataExportService({ db: database.db, jobs, dataDir: config.dataDir, now, log });
  const emailStatus = createEmailStatusService({ db: database.db, mailer, jobs, log, now });
  const accounts = createAccountsService({ db: database.db, mailer, jobs, realtime, log, now });
  const accountChanges = createAccountChangesService({ db: database.db, mailer, jobs, realtime, log, now });
  const rateLimits = await createSiteRateLimiter({
    enabled: config.rateLimits,
    redisUrl: config.redisUrl,
    namespace: options.limiterNamespace,
    now: () => now().getTime(),
    log,
  });
  return {
    config,
    database,
    log,
    sites,
    geoip: await createGeoIpService({ header: config.geoipHeader }),
    profiles: createProfilesService(database.db, now),
    search: createSearchService(database.db, now),
    matchFinder: createMatchFinderService(database.db, now),
    blocks: createBlocksService(database.db),
    analytics: createAnalyticsService(database.db),
    photos: createPhotosService(database.db, photoStore),
    reports: createReportsService({ db: database.db, mailer }),
    likes: createLikesService({ db: database.db, realtime, now, notify: notifier, limits: rateLimits }),
    chat: createChatService({ db: database.db, realtime, store: photoStore, now, notify: notifier }),
    payments,
    checkout,
    paymentWebhook,
    refunds: createRefundsService({ db: database.db, provider, realtime, now }),
    discounts: createDiscountsService(database.db, now),
    sandbox,
    directDebit: createDirectDebitService({ db: database.db, provider, checkout, sms, now, log }),
    dataExport,
    vapid: { publicKey: vapid.publicKey },
    emailStatus,
    push,
    reference: { countryName, listCountries, regionsOf },
    content: { render: renderContentPage },
    siteSettings: { selectedCountry, siteText },
    profileBasics: {
      load: (userId) => loadProfileBasics(database.db, userId),
      save: (userId, input) => saveProfileBasics(database.db, userId, input, locateCity),
    },
    myProfile: {
      load: (userId) => loadMyProfile(database.db, userId),
      save: (userId, input) => saveMyProfile(database.db, userId, input, locateCity),
    },
    realtime,
    mailer,
    accounts,
    consents: createConsentsService({ db: database.db, now }),
    notifications: createNotificationsService({ db: database.db, now }),
    accountChanges,
    sessions: createSessionsService({ db: database.db, realtime, log, now }),
    rateLimits,
    jobKinds: jobs.kinds,
    runJobs: () => jobs.runDue(),
    settleJobs: () => jobs.idle(),
    now,
    lifecycle: { shuttingDown: false, refusing: false },
  };
}
