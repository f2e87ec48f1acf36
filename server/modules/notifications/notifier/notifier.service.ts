import {
  defaultSwitches,
  LIKE_EMAIL_DELAY_MS,
  MARKETING_NOTIFICATION_KINDS,
  MESSAGE_EMAIL_DELAY_MS,
  MESSAGE_EMAIL_PER_CONVERSATION_MS,
  NOTIFICATION_KINDS,
  NOTIFICATION_EMAILS_PER_DAY,
  PUSH_DELIVERY,
  REMINDER_EVERY_DAYS,
  WEEKLY_UPDATE_EVERY_MS,
  type TChannelSwitches,
  type TNotificationChannel,
  type TNotificationKind,
} from '../../../../common/notifications.ts';
import { yearsSince } from '../../../../common/accounts.ts';
import type { TDb, TTx } from '../../../db/connect.ts';
import type { TLogger } from '../../../lib/logger.ts';
import { mailSite } from '../../../mail/mailer.ts';
import { enqueueJob } from '../../../jobs/jobs.repository.ts';
import { PermanentJobError } from '../../../jobs/jobs.ts';
import { photoUrls } from '../../photos/photo-store.ts';
import { findBlockRelation } from '../../profiles/blocks.repository.ts';
import { hasLiveConsent, liveConsents } from '../../consents/consents.service.ts';
import type { TSite } from '../../sites/sites.service.ts';
import { siteText } from '../../sites/settings.service.ts';
import { isLocale } from '../../../../common/locales.ts';
import type { TActor, TNotificationContent, TNotificationDelivery } from './content.ts';
import {
  claimSendAndQueue,
  countSentSince,
  findPreferences,
  findSend,
  finishSend,
  lockMemberNotifications,
  markSending,
} from './sends.repository.ts';
import {
  countBadge,
  findActorRow,
  findLikeFacts,
  findMessageFacts,
  findNewMembersFor,
  findRecipientByProfile,
  findRecipientByUser,
  findSeeker,
  findUnreadCount,
  type TRecipient,
} from './notify.repository.ts';
import { gendersSought } from '../../profiles/profiles.service.ts';

/** Members a weekly digest shows at most. */
const WEEKLY_MEMBERS = 6;

/** The job that turns an event into per-channel sends (fan-out). */
export const NOTIFY_EVENT_JOB = 'notify_event';
/** One push to one subscription. */
export const NOTIFY_PUSH_JOB = 'notify_push';
/** One notification email. */
export const NOTIFY_EMAIL_JOB = 'notify_email';

/** What happened, as the fan-out job receives it. */
export type TNotifyEvent =
  | { type: 'message'; messageId: number }
  | { type: 'like'; likerProfileId: number; likedProfileId: number }
  /** A message stayed unread for UNREAD_REMINDER_AFTER_MS (the sweep finds it). */
  | { type: 'unread'; profileId: number; conversationId: number; messageId: number; senderProfileId: number }
  /** An activation, photo or profile reminder (`day`: the sweep's date, YYYY-MM-DD). */
  | { type: 'reminder'; userId: number; reminder: 'activation' | 'photo' | 'profile'; day: string }
  /** The weekly digest (`week`: ISO week, e.g. 2026-W48). */
  | { type: 'weekly'; userId: number; week: string }
  /** A promotion or news item of an operator's broadcast, in the member's language. */
  | {
      type: 'broadcast';
      userId: number;
      broadcast: string;
      kind: 'promotions' | 'news';
      title: string;
      body: string;
      url: string;
    };

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

/** Who has a conversation on screen right now (server/realtime/presence.ts). */
export interface TPresencePort {
  isViewing(profileId: number, conversationId: number): Promise<boolean>;
}

interface TDeps {
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
 * A marketing kind's switches. The consent is the one source of truth for on or off (settings gives and withdraws it,
 * `/notifications` too): without a live consent the kind is off whatever is stored; with one it is as stored per
 * channel, or on for both when nothing stored is on (the consent was given in settings, where there are no channels).
 */
export function marketingSwitches(stored: TChannelSwitches | undefined, consented: boolean): TChannelSwitches {
  if (!consented) return { email: false, push: false };
  return stored && (stored.email || stored.push) ? stored : { email: true, push: true };
}

/** A member's switches for the given kinds (default all): stored rows over the defaults; marketing kinds by consent. */
export async function effectiveSwitches(
  db: TDb | TTx,
  userId: number,
  kinds: readonly TNotificationKind[] = NOTIFICATION_KINDS,
): Promise<Map<TNotificationKind, TChannelSwitches>> {
  const stored = new Map((await findPreferences(db, userId)).map((r) => [r.kind, { email: r.email, push: r.push }]));
  const marketing = kinds.some((k) => MARKETING_NOTIFICATION_KINDS.includes(k));
  const consented = marketing ? await liveConsents(db, userId) : new Map<string, unknown>();
  const out = new Map<TNotificationKind, TChannelSwitches>();
  for (const kind of kinds) {
    out.set(
      kind,
      MARKETING_NOTIFICATION_KINDS.includes(kind)
        ? marketingSwitches(stored.get(kind), consented.has(kind))
        : (stored.get(kind) ?? defaultSwitches(kind)),
    );
  }
  return out;
}

/** Whether a member may be notified at all: an account in use, a visible profile (issue 14: invisible → none). */
export function reachable(r: TRecipient | undefined): r is TRecipient {
  return Boolean(
    r &&
    (r.status === 'active' || r.status === 'not_confirmed') &&
    r.profileStatus === 'active' &&
    !r.invisible &&
    !r.profileInvisible,
  );
}

/**
 * Notifications (issue 14): events are queued in the transaction of the change that causes them (a like, a message),
 * fanned out by a job into one idempotency row per (member, channel, event) with its delivery jobs, and delivered by
 * those jobs, which check again at delivery time whether the notification still makes sense (read, seen, blocked,
 * switched off, capped).
 */
export function createNotifier(deps: TDeps) {
  const { db, now, log } = deps;

  async function actorOf(profileId: number, site: TSite, origin: string): Promise<TActor | undefined> {
    const row = await findActorRow(db, profileId);
    if (!row || row.status !== 'active') return undefined;
    const thumb = row.fileKey ? photoUrls({ fileKey: row.fileKey, censoredKey: null }, site.cdnPrefix, false) : null;
    const photoUrl = thumb ? new URL(thumb.thumb_filename, `${origin}/`).toString() : null;
    return {
      profileId: row.id,
      name: row.name,
      age: row.birthDate ? yearsSince(String(row.birthDate), now()) : null,
      city: row.city || null,
      photoUrl,
      fictional: row.isFictional,
    };
  }

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

  /** The parts of a resolved event every kind has. */
  interface TResolved {
    kind: TNotificationKind;
    recipient: TRecipient | undefined;
    /** The member the notification is about (a block either way silences it). */
    actorProfileId?: number;
    eventKey: string;
    subjectId: number | null;
    /** Why it no longer applies (read, seen), if it does not. */
    stale?: string;
    conversationId: number | null;
    emailDelayMs: number;
    /** The content for a channel; undefined when there is nothing to say (e.g. no new members this week). */
    content(c: {
      actor?: TActor;
      site: TSite;
      origin: string;
      channel: TNotificationChannel;
    }): Promise<TNotificationContent | undefined>;
  }

  /** What an event is about now: kind, recipient, key, content; undefined when the event is gone. */
  async function resolve(event: TNotifyEvent): Promise<TResolved | undefined> {
    switch (event.type) {
      case 'message': {
        const m = await findMessageFacts(db, event.messageId);
        if (!m) return undefined;
        const kind: TNotificationKind = m.firstFromSender ? 'new_conversations' : 'new_messages';
        return {
          kind,
          recipient: await findRecipientByProfile(db, m.recipientProfileId),
          actorProfileId: m.senderProfileId,
          eventKey: `message:${m.id}`,
          subjectId: m.conversationId,
          stale: m.read ? 'read' : undefined,
          conversationId: m.conversationId,
          emailDelayMs: deps.emailDelayMs ?? MESSAGE_EMAIL_DELAY_MS,
          content: async ({ actor }) => actor && { kind, actor, conversationId: m.conversationId },
        };
      }
      case 'like': {
        const l = await findLikeFacts(db, event.likerProfileId, event.likedProfileId);
        if (!l) return undefined;
        const pair = [event.likerProfileId, event.likedProfileId].sort((a, b) => a - b);
        return {
          kind: 'like',
          recipient: await findRecipientByProfile(db, event.likedProfileId),
          actorProfileId: event.likerProfileId,
          // One notification per liker (a like taken back and given again says nothing new), one per match.
          eventKey: l.match ? `match:${pair[0]}:${pair[1]}` : `like:${event.likerProfileId}`,
          subjectId: event.likerProfileId,
          stale: l.isNew || l.match ? undefined : 'seen',
          conversationId: null,
          emailDelayMs: deps.emailDelayMs ?? LIKE_EMAIL_DELAY_MS,
          content: async ({ actor }) => actor && { kind: 'like', actor, match: l.match },
        };
      }
      case 'unread': {
        const recipient = await findRecipientByProfile(db, event.profileId);
        const unread = await findUnreadCount(db, event.profileId, event.conversationId, event.messageId);
        return {
          kind: 'unread_message_reminders',
          recipient,
          actorProfileId: event.senderProfileId,
          eventKey: `unread:${event.conversationId}:${event.messageId}`,
          subjectId: event.conversationId,
          stale: unread > 0 ? undefined : 'read',
          conversationId: event.conversationId,
          emailDelayMs: 0,
          content: async ({ actor }) => ({
            kind: 'unread_message_reminders',
            unread,
            actor: actor ?? null,
            conversationId: event.conversationId,
          }),
        };
      }
      case 'reminder': {
        const recipient = await findRecipientByUser(db, event.userId);
        const done =
          event.reminder === 'activation' ? recipient?.status !== 'not_confirmed' : recipient?.status !== 'active';
        return {
          kind: 'reminders',
          recipient,
          eventKey: `reminder:${event.reminder}:${event.day}`,
          subjectId: null,
          stale: done ? 'answered' : undefined,
          conversationId: null,
          emailDelayMs: 0,
          content: async ({ channel, origin }) => ({
            kind: 'reminders',
            reminder: event.reminder,
            link:
              event.reminder === 'activation' && channel === 'email'
                ? await deps.activationLink(event.userId, origin)
                : undefined,
          }),
        };
      }
      case 'broadcast':
        return resolveBroadcast(event);
      case 'weekly': {
        const recipient = await findRecipientByUser(db, event.userId);
        return {
          kind: 'weekly_updates',
          recipient,
          eventKey: `weekly:${event.week}`,
          subjectId: null,
          conversationId: null,
          emailDelayMs: 0,
          content: async ({ site, origin }) => {
            const members = recipient ? await newMembersFor(recipient.profileId, site, origin) : [];
            return members.length ? { kind: 'weekly_updates', members } : undefined;
          },
        };
      }
    }
  }

  /** A broadcast's item for one member (a promotion or news; consent is checked by `refusal`). */
  async function resolveBroadcast(event: Extract<TNotifyEvent, { type: 'broadcast' }>): Promise<TResolved> {
    const { kind, title, body, url } = event;
    return {
      kind,
      recipient: await findRecipientByUser(db, event.userId),
      eventKey: `broadcast:${event.broadcast}`,
      subjectId: null,
      conversationId: null,
      emailDelayMs: 0,
      content: async () => ({ kind, title, body, url }),
    };
  }

  /** Up to WEEKLY_MEMBERS members who joined this week and fit whom the member looks for. */
  async function newMembersFor(profileId: number, site: TSite, origin: string): Promise<TActor[]> {
    const me = await findSeeker(db, profileId);
    if (!me) return [];
    const ids = await findNewMembersFor(db, {
      profileId,
      genders: gendersSought(me.gender, me.sexuality),
      country: me.country,
      since: new Date(now().getTime() - WEEKLY_UPDATE_EVERY_MS),
      limit: WEEKLY_MEMBERS,
    });
    const actors = await Promise.all(ids.map((id) => actorOf(id, site, origin)));
    return actors.filter((a): a is TActor => Boolean(a));
  }

  /**
   * Everything that must hold for a member to be told now, on a channel: the member reachable (a reminder also reaches
   * an unconfirmed account), no block either way, the switch on (a marketing kind also needs its consent), email
   * allowed (an activation reminder goes to the unconfirmed address). Returns the reason per channel where not, with
   * one look at blocks and switches for both.
   */
  async function refusals(ev: TResolved): Promise<Record<TNotificationChannel, string | undefined>> {
    const both = (reason: string) => ({ push: reason, email: reason });
    const r = ev.recipient;
    const reminder = ev.kind === 'reminders';
    if (!r) return both('unreachable');
    if (reminder ? !['active', 'not_confirmed'].includes(r.status) || r.invisible : !reachable(r))
      return both('unreachable');
    if (ev.stale) return both(ev.stale);
    if (ev.actorProfileId !== undefined) {
      const block = await findBlockRelation(db, r.profileId, ev.actorProfileId);
      if (block.blockedByMe || block.blockedMe) return both('blocked');
    }
    if (MARKETING_NOTIFICATION_KINDS.includes(ev.kind) && !(await hasLiveConsent(db, r.userId, ev.kind as 'news')))
      return both('no_consent');
    const switches = (await effectiveSwitches(db, r.userId, [ev.kind])).get(ev.kind)!;
    if (!switches.push && !switches.email) return both('switched_off');
    const activation = reminder && r.status === 'not_confirmed';
    const emailOff = r.emailDisabled.length > 0 || (!r.emailConfirmed && !activation);
    return {
      push: switches.push ? undefined : 'switched_off',
      email: !switches.email ? 'switched_off' : emailOff ? 'email_disabled' : undefined,
    };
  }

  /** The fan-out job: one idempotency row and delivery jobs per channel the member gets this event on. */
  async function fanOut(payload: Record<string, unknown>): Promise<void> {
    const event = payload as unknown as TNotifyEvent;
    const ev = await resolve(event);
    if (!ev?.recipient) return;
    const r = ev.recipient;
    const at = now();
    const { push: pushRefused, email: emailRefused } = await refusals(ev);
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
          jobKind: NOTIFY_PUSH_JOB,
          runAt: at,
          subscriptionIds: subscriptions,
        })
      : [];
    const emailJobs = emailRefused
      ? []
      : await claimSendAndQueue(db, {
          ...base,
          channel: 'email',
          jobKind: NOTIFY_EMAIL_JOB,
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
    const refused = (await refusals(ev))[channel];
    if (refused) return skip(refused);
    const r = ev.recipient;
    const site = await deps.sites.byId(r.siteId);
    if (!site) return skip('gone');
    const origin = deps.originOf(site);
    const actor = ev.actorProfileId === undefined ? undefined : await actorOf(ev.actorProfileId, site, origin);
    if (ev.actorProfileId !== undefined && !actor && ev.kind !== 'unread_message_reminders') return skip('gone');
    const content = await ev.content({ actor, site, origin, channel });
    if (!content) return skip('nothing_new');
    return { send, ev, r, site, origin, delivery: await deliveryFor(r, site, content) };
  }

  /** The push job: one push to one of the member's devices, unless the conversation is on screen or read. */
  async function deliverPush(payload: Record<string, unknown>): Promise<void> {
    const { sendId, subscriptionId, event } = payload as {
      sendId: number;
      subscriptionId: number;
      event: TNotifyEvent;
    };
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
  async function deliverEmail(payload: Record<string, unknown>): Promise<void> {
    const { sendId, event } = payload as { sendId: number; event: TNotifyEvent };
    const ready = await prepare(sendId, event, 'email');
    if (!ready) return;
    const at = now();
    const capped = await db.transaction(async (tx) => {
      await lockMemberNotifications(tx, ready.r.userId);
      const common = { userId: ready.r.userId, channel: 'email' as const, exceptId: sendId };
      const day = await countSentSince(tx, { ...common, since: new Date(at.getTime() - 86_400_000) });
      if (day >= NOTIFICATION_EMAILS_PER_DAY) return 'daily_cap';
      if (ready.ev.kind === 'new_messages' || ready.ev.kind === 'new_conversations') {
        const recent = await countSentSince(tx, {
          ...common,
          since: new Date(at.getTime() - MESSAGE_EMAIL_PER_CONVERSATION_MS),
          kinds: ['new_messages', 'new_conversations'],
          subjectId: ready.ev.subjectId ?? undefined,
        });
        if (recent > 0) return 'conversation_cap';
      }
      if (ready.ev.kind === 'unread_message_reminders' || ready.ev.kind === 'reminders') {
        const since = new Date(at.getTime() - (ready.ev.kind === 'reminders' ? REMINDER_EVERY_DAYS : 1) * 86_400_000);
        if ((await countSentSince(tx, { ...common, since, kinds: [ready.ev.kind] })) > 0) return 'reminder_cap';
      }
      await markSending(tx, sendId, at);
      return undefined;
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
    eventJobKind: NOTIFY_EVENT_JOB,
    /**
     * Queues the notification of an event in the caller's transaction (it exists exactly when the change commits).
     * Run the returned job after the commit with `jobs.runDetached`.
     */
    queue(tx: TDb | TTx, event: TNotifyEvent): Promise<number> {
      const at = now();
      return enqueueJob(tx, { kind: NOTIFY_EVENT_JOB, payload: { ...event }, runAt: at, createdAt: at });
    },
    /** Runs queued event jobs after the request (never holds it). */
    runSoon(ids: readonly number[]): void {
      deps.jobs.runDetached(ids);
    },
    handlers: {
      [NOTIFY_EVENT_JOB]: fanOut,
      [NOTIFY_PUSH_JOB]: deliverPush,
      [NOTIFY_EMAIL_JOB]: deliverEmail,
    },
  };
}

export type TNotifier = ReturnType<typeof createNotifier>;
