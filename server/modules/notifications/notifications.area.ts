import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import type { TJobDefinition } from '#server/jobs/define-job.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TSite } from '../sites/sites.service.ts';
import { createEmailStatusService } from './email/email-status.service.ts';
import { sendNotificationEmail } from './email/notification-email.ts';
import { createNotifier, notificationOrigin, type TPresencePort } from './notifier/notifier.service.ts';
import { notifySweepJobs } from './notifier/notify-sweep.job.ts';
import type { TPushResolver } from './push/push-address.ts';
import { createPushService, pushSubject } from './push/push.service.ts';
import { createNotificationsService } from './switches/switches.service.ts';

/** What the notifications area needs besides the core. */
export interface TNotificationsAreaDeps {
  config: Pick<TConfig, 'publicUrl' | 'port' | 'pushAllowLoopback' | 'notificationEmailDelayMs'>;
  vapid: { publicKey: string; privateKey: string };
  mailer: TMailer;
  sites: { byId(id: number): Promise<TSite | undefined> };
  /** The realtime hub: who has a conversation on screen. */
  presence: TPresencePort;
  jobs: Pick<TJobRunner, 'runNow' | 'runDetached'>;
  /** A fresh activation link for the activation reminder (the accounts area's `accounts.activationLink`). */
  activationLink: (userId: number, origin: string) => Promise<string>;
  /** Certificates Web Push requests trust instead of the system's (tests and benchmarks). */
  pushCa?: string;
  /** Resolves push endpoints' host names (tests stub it). */
  pushResolver?: TPushResolver;
}

/**
 * The notifications area: the notifier (events → fan-out → push and email jobs, the sweep, the weekly digest and the
 * broadcasts), Web Push, whether email reaches a member (unsubscribe links, bounces) and the member's switches.
 */
export function createNotificationsArea(core: TCore, deps: TNotificationsAreaDeps) {
  const { db, now, log } = core;
  const { config, mailer, jobs } = deps;
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
  const emailStatus = createEmailStatusService({ db, mailer, jobs, log, now });
  const notifier = createNotifier({
    db,
    sites: deps.sites,
    push: { subscriptionIds: push.subscriptionIds, deliver: push.deliverNotification },
    email: (args) => sendNotificationEmail(mailer, { ...args, now: now() }),
    presence: deps.presence,
    activationLink: deps.activationLink,
    originOf: (site) => notificationOrigin(site, config),
    emailDelayMs: config.notificationEmailDelayMs,
    jobs,
    hardBounce: ({ id, email }) => emailStatus.recordFeedback({ id, email, type: 'bounce', bounceType: 'hard' }),
    now,
    log,
  });
  const jobDefinitions: TJobDefinition[] = [...notifier.jobs, ...notifySweepJobs({ db, now, log })];
  return {
    notifier,
    push,
    emailStatus,
    notifications: createNotificationsService({ db, now }),
    jobs: jobDefinitions,
  };
}
