import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { createSiteRateLimiter } from '#server/lib/rate-limit.ts';
import { createMailer } from '#server/mail/mailer.ts';
import { SEND_MAIL_JOB } from '#server/mail/send-mail.job.ts';
import { notifyEmailJob } from '#server/modules/notifications/notifier/events.ts';
import { createPhotoStore } from '#server/modules/photos/photo-store.ts';
import { createHub } from '#server/realtime/hub.ts';

/** What the platform needs besides the core. */
export interface TPlatformDeps {
  config: TConfig;
  /** The default site's domain: the mailer's EHLO name when the configuration names none. */
  defaultDomain: string | undefined;
  /** Prefix of the limiter's counters: tests give each app its own, or one to share between two apps. */
  limiterNamespace?: string;
}

/**
 * What the areas run on besides the database: email, the photo files, the realtime hub (Redis fan-out when
 * configured), the rate limiter and the late-bound job queue (bound to the runner once every area has given its jobs).
 */
export async function createPlatform(core: TCore, deps: TPlatformDeps) {
  const { config } = deps;
  return {
    mailer: createMailer(core, {
      config,
      defaultDomain: deps.defaultDomain,
      mailJobKinds: [SEND_MAIL_JOB.kind, notifyEmailJob.kind],
    }),
    store: createPhotoStore(config.dataDir),
    realtime: await createHub(config.redisUrl, core.log),
    jobs: createJobQueue(),
    /**
     * The one limiter: per-IP budgets of account operations (shared by API routes and page form actions), per-inbox
     * email budgets, profile and search reads, member daily caps; in Redis when configured, else in memory.
     */
    rateLimits: await createSiteRateLimiter({
      enabled: config.rateLimits,
      redisUrl: config.redisUrl,
      namespace: deps.limiterNamespace,
      now: () => core.now().getTime(),
      log: core.log,
    }),
  };
}

export type TPlatform = Awaited<ReturnType<typeof createPlatform>>;
