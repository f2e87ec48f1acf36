import { PUSH_DELIVERY, type TNotificationChannel } from '#common/notifications.ts';
import { isLocale } from '#common/locales.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import type { TJobDefinition } from '#server/jobs/define-job.ts';
import { defineJob } from '#server/jobs/define-job.ts';
import { PermanentJobError } from '#server/jobs/jobs.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { mailSite } from '#server/mail/mailer.ts';
import type { TSite } from '#server/modules/sites/sites.service.ts';
import { siteText } from '#server/modules/sites/settings.service.ts';
import { createActors } from './actors.ts';
import type { TNotificationContent, TNotificationDelivery } from './content.ts';
import { emailCapReached } from './email-caps.ts';
import { notifyEmailJob, notifyEventJob, notifyPushJob, type TNotifyEvent } from './events.ts';
import { countBadge, type TRecipient } from './notify.repository.ts';
import { refusals } from './refusals.ts';
import { resolveEvent } from './resolvers.ts';
import { claimSendAndQueue, findSend, finishSend, lockMemberNotifications, markSending } from './sends.repository.ts';

export type { TNotifyEvent } from './events.ts';

type TPushJob = { sendId: number; subscriptionId: number; event: TNotifyEvent };
type TEmailJob = { sendId: number; event: TNotifyEvent };

/** The push side the notifier needs (server/modules/notifications/push/push.service.ts). */
export interface TPushPort {
  subscriptionIds(userId: number): Promise<number[]>;
  deliver(
    subscriptionId: number,
    delivery: TNotificationDelivery,
    options: { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high' },
  ): Promise<'sent' | 'gone'>;
}

/** The email side (server/modules/notifications/email/notification-email.ts). */
export type TEmailPort = (args: {
  delivery: TNotificationDelivery;
  to: string;
  userId: number;
  eventKey: string;
  origin: string;
}) => Promise<void>;

/** Who has a conversation on screen right now (the realtime hub's presence, server/realtime/hub.ts). */
export interface TPresencePort {
  isViewing(profileId: number, conversationId: number): Promise<boolean>;
}

export interface TNotifierDeps {
  db: TDb;
  sites: { byId(id: number): Promise<TSite | undefined> };
  push: TPushPort;
  email: TEmailPort;
  presence: TPresencePort;
  /** A fresh activation link for an unconfirmed member (the activation reminder's button). */
  activationLink: (userId: number, origin: string) => Promise<string>;
  /** How long an email about a message or like waits (default MESSAGE_EMAIL_DELAY_MS / LIKE_EMAIL_DELAY_MS). */
  emailDelayMs?: number;
  /** The origin of links in a site's emails (PUBLIC_URL, or the site's own address). */
  originOf: (site: TSite) => string;
  jobs: { runDetached(ids: readonly number[]): void };
  /**
   * Suppresses an address the receiving server refused for good (an SMTP 5xx to RCPT TO), as the mail provider's
   * hard bounce report does (`emailStatus.recordFeedback`); `id` makes a repeated report count once.
   */
  hardBounce: (report: { id: string; email: string }) => Promise<unknown>;
  now: () => Date;
  log: Pick<TLogger, 'info' | 'warn' | 'debug'>;
}

/** The SMTP reply code of a failed delivery (nodemailer's error, or the one a PermanentJobError wraps), if any. */
function smtpCode(err: unknown): number | undefined {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const code = (cause as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

/** The SMTP reply code when the receiving server refused the recipient itself for good (5xx to RCPT TO), else null. */
function refusedRecipientCode(err: unknown): number | null {
  const cause = (err as { cause?: unknown } | null)?.cause ?? err;
  const code = smtpCode(err);
  return (cause as { command?: unknown } | null)?.command === 'RCPT TO' &&
    code !== undefined &&
    code >= 500 &&
    code < 600
    ? code
    : null;
}

/**
 * The origin of links in a site's notifications, where no request tells it: PUBLIC_URL for the default site when set;
 * a loopback domain (the demo's `localhost`, `*.localhost`) at the app's own port over http; else `https://<domain>`.
 */
export function notificationOrigin(
  site: Pick<TSite, 'domain' | 'isDefault'>,
  config: { publicUrl: string | undefined; port: number },
): string {
  if (site.isDefault && config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  if (site.domain === 'localhost' || site.domain.endsWith('.localhost')) return `http://${site.domain}:${config.port}`;
  return `https://${site.domain}`;
}

/**
 * Notifications: events are queued in the transaction of the change that causes them (a like, a message), fanned out
 * by a job into one idempotency row per (member, channel, event) with its delivery jobs, and delivered by those jobs,
 * which check again at delivery time whether the notification still makes sense (read, seen, blocked, switched off,
 * capped). What each kind of event is about: `resolvers.ts`; who may be told: `refusals.ts`; the email caps:
 * `email-caps.ts`.
 */
export function createNotifier(deps: TNotifierDeps) {
  const { db, now, log } = deps;
  const actors = createActors({ db, now });
  const resolve = (event: TNotifyEvent) =>
    resolveEvent(event, { db, actors, activationLink: deps.activationLink, emailDelayMs: deps.emailDelayMs });

  /** The channel-neutral delivery of a content for a member. */
  async function deliveryFor(
    r: TRecipient,
    site: TSite,
    content: TNotificationContent,
  ): Promise<TNotificationDelivery> {
    const locale = isLocale(r.locale) ? r.locale : 'en';
    return {
      content,
      locale,
      site: mailSite(site),
      fictionalWarning: siteText(site, 'fictionalWarning', locale),
      badge: await countBadge(db, r.profileId),
    };
  }

  /** The fan-out job: one idempotency row and delivery jobs per channel the member gets this event on. */
  async function fanOut(event: TNotifyEvent): Promise<void> {
    const ev = await resolve(event);
    if (!ev?.recipient) return;
    const r = ev.recipient;
    const at = now();
    const { push: pushRefused, email: emailRefused } = await refusals(db, ev);
    if (pushRefused && emailRefused) {
      log.debug({ kind: ev.kind, push: pushRefused, email: emailRefused }, 'notification not sent');
      return;
    }
    const subscriptions = pushRefused ? [] : await deps.push.subscriptionIds(r.userId);
    // Each channel's idempotency row and jobs in one statement: a crash between the two leaves the other channel to
    // the retried fan-out, whose claim of this one does nothing.
    const base = { userId: r.userId, kind: ev.kind, eventKey: ev.eventKey, subjectId: ev.subjectId, at, event };
    const pushJobs = subscriptions.length
      ? await claimSendAndQueue(db, {
          ...base,
          channel: 'push',
          jobKind: notifyPushJob.kind,
          runAt: at,
          subscriptionIds: subscriptions,
        })
      : [];
    const emailJobs = emailRefused
      ? []
      : await claimSendAndQueue(db, {
          ...base,
          channel: 'email',
          jobKind: notifyEmailJob.kind,
          runAt: new Date(at.getTime() + ev.emailDelayMs),
          subscriptionIds: [],
        });
    const dueNow = ev.emailDelayMs === 0 ? emailJobs : [];
    if (pushJobs.length || dueNow.length) deps.jobs.runDetached([...pushJobs, ...dueNow]);
  }

  /** Loads what a delivery job needs, or ends its send with the reason it no longer applies. */
  async function prepare(sendId: number, event: TNotifyEvent, channel: TNotificationChannel) {
    const send = await findSend(db, sendId);
    if (!send || (send.status !== 'queued' && send.status !== 'sending')) return undefined;
    const skip = async (reason: string) => {
      await finishSend(db, sendId, { status: 'skipped', reason, at: now() });
      return undefined;
    };
    const ev = await resolve(event);
    if (!ev?.recipient) return skip('gone');
    const refused = (await refusals(db, ev))[channel];
    if (refused) return skip(refused);
    const r = ev.recipient;
    const site = await deps.sites.byId(r.siteId);
    if (!site) return skip('gone');
    const origin = deps.originOf(site);
    const actor =
      ev.actorProfileId === undefined ? undefined : await actors.actorOf(ev.actorProfileId, { site, origin });
    if (ev.actorProfileId !== undefined && !actor && ev.kind !== 'unread_message_reminders') return skip('gone');
    const content = await ev.content({ actor, site, origin, channel });
    if (!content) return skip('nothing_new');
    return { send, ev, r, site, origin, delivery: await deliveryFor(r, site, content) };
  }

  /** The push job: one push to one of the member's devices, unless the conversation is on screen or read. */
  async function deliverPush({ sendId, subscriptionId, event }: TPushJob): Promise<void> {
    const ready = await prepare(sendId, event, 'push');
    if (!ready) return;
    if (ready.ev.conversationId && (await deps.presence.isViewing(ready.r.profileId, ready.ev.conversationId))) {
      await finishSend(db, sendId, { status: 'skipped', reason: 'on_screen', at: now() });
      return;
    }
    const outcome = await deps.push.deliver(subscriptionId, ready.delivery, PUSH_DELIVERY[ready.ev.kind]);
    if (outcome === 'sent') await finishSend(db, sendId, { status: 'sent', at: now() });
  }

  /**
   * The email job: sent only if still unread/unseen after its delay, within the per-conversation and daily caps. The
   * cap check and the claim run under a per-member lock, so two processes never both pass a cap.
   */
  async function deliverEmail({ sendId, event }: TEmailJob): Promise<void> {
    const ready = await prepare(sendId, event, 'email');
    if (!ready) return;
    const at = now();
    const capped = await db.transaction(async (tx) => {
      await lockMemberNotifications(tx, ready.r.userId);
      const cap = await emailCapReached(tx, {
        userId: ready.r.userId,
        sendId,
        kind: ready.ev.kind,
        subjectId: ready.ev.subjectId,
        at,
      });
      if (!cap) await markSending(tx, sendId, at);
      return cap;
    });
    if (capped) {
      await finishSend(db, sendId, { status: 'skipped', reason: capped, at });
      return;
    }
    try {
      await deps.email({
        delivery: ready.delivery,
        to: ready.r.email,
        userId: ready.r.userId,
        eventKey: ready.ev.eventKey,
        origin: ready.origin,
      });
    } catch (err) {
      if (err instanceof PermanentJobError) {
        // A 5xx: the same email would be refused again. No such mailbox also means the next one should not try.
        const refused = refusedRecipientCode(err);
        await finishSend(db, sendId, { status: 'failed', reason: `smtp_${smtpCode(err) ?? '5xx'}`, at: now() });
        if (refused !== null) await deps.hardBounce({ id: `smtp:${sendId}`, email: ready.r.email });
        log.warn(
          { userId: ready.r.userId, sendId, code: smtpCode(err), suppressed: refused !== null },
          'notification email refused for good',
        );
        return;
      }
      // Back to queued: a retry sends it (the same Message-ID, so a server that got it drops the copy).
      await finishSend(db, sendId, { status: 'queued', at: now() });
      throw err;
    }
    await finishSend(db, sendId, { status: 'sent', at: now() });
  }

  return {
    eventJobKind: notifyEventJob.kind,
    /**
     * Queues the notification of an event in the caller's transaction (it exists exactly when the change commits).
     * Run the returned job after the commit with `jobs.runDetached`.
     */
    queue(tx: TDb | TTx, event: TNotifyEvent): Promise<number> {
      const at = now();
      return notifyEventJob.enqueue(tx, { ...event }, { runAt: at, createdAt: at });
    },
    /** Runs queued event jobs after the request (never holds it). */
    runSoon(ids: readonly number[]): void {
      deps.jobs.runDetached(ids);
    },
    /** The fan-out and delivery jobs. */
    jobs: [
      defineJob(notifyEventJob, { handler: fanOut }),
      defineJob(notifyPushJob, { handler: deliverPush }),
      defineJob(notifyEmailJob, { handler: deliverEmail }),
    ] satisfies TJobDefinition[],
  };
}

export type TNotifier = ReturnType<typeof createNotifier>;
