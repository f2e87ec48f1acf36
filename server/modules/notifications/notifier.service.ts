import {
  defaultSwitches,
  LIKE_EMAIL_DELAY_MS,
  MARKETING_NOTIFICATION_KINDS,
  MESSAGE_EMAIL_DELAY_MS,
  MESSAGE_EMAIL_PER_CONVERSATION_MS,
  NOTIFICATION_EMAILS_PER_DAY,
  PUSH_DELIVERY,
  type TChannelSwitches,
  type TNotificationChannel,
  type TNotificationKind,
} from '../../../common/notifications.ts';
import { yearsSince } from '../../../common/accounts.ts';
import type { TDb, TTx } from '../../db/connect.ts';
import type { TLogger } from '../../lib/logger.ts';
import { enqueueJob } from '../../jobs/jobs.repository.ts';
import { photoUrls } from '../photos/photo-store.ts';
import { findBlockRelation } from '../profiles/blocks.repository.ts';
import { hasLiveConsent } from '../privacy/consents.service.ts';
import type { TSite } from '../sites/sites.service.ts';
import { siteText } from '../sites/settings.service.ts';
import { isLocale } from '../../../common/locales.ts';
import type { TActor, TNotificationContent, TNotificationDelivery } from './content.ts';
import {
  claimSend,
  countSentSince,
  findPreferences,
  findSend,
  finishSend,
  lockMemberNotifications,
  markSending,
} from './notifications.repository.ts';
import {
  countBadge,
  findActorRow,
  findLikeFacts,
  findMessageFacts,
  findRecipientByProfile,
  type TRecipient,
} from './notify.repository.ts';

/** The job that turns an event into per-channel sends (fan-out). */
export const NOTIFY_EVENT_JOB = 'notify_event';
/** One push to one subscription. */
export const NOTIFY_PUSH_JOB = 'notify_push';
/** One notification email. */
export const NOTIFY_EMAIL_JOB = 'notify_email';

/** What happened, as the fan-out job receives it. */
export type TNotifyEvent =
  { type: 'message'; messageId: number } | { type: 'like'; likerProfileId: number; likedProfileId: number };

/** The push side the notifier needs (server/modules/notifications/push.service.ts). */
export interface TPushPort {
  subscriptionIds(userId: number): Promise<number[]>;
  deliver(
    subscriptionId: number,
    delivery: TNotificationDelivery,
    options: { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high' },
  ): Promise<'sent' | 'gone'>;
}

/** The email side (server/modules/notifications/notification-email.ts). */
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
  /** The origin of links in a site's emails (PUBLIC_URL, or the site's own address). */
  originOf: (site: TSite) => string;
  jobs: { runDetached(ids: readonly number[]): void };
  now: () => Date;
  log: Pick<TLogger, 'info' | 'warn' | 'debug'>;
}

/** A member's switches for every kind: stored rows over the defaults (marketing kinds: on when consented). */
export async function effectiveSwitches(
  db: TDb | TTx,
  userId: number,
): Promise<Map<TNotificationKind, TChannelSwitches>> {
  const stored = new Map((await findPreferences(db, userId)).map((r) => [r.kind, { email: r.email, push: r.push }]));
  const out = new Map<TNotificationKind, TChannelSwitches>();
  for (const kind of [
    'new_conversations',
    'new_messages',
    'like',
    'unread_message_reminders',
    'promotions',
    'weekly_updates',
    'news',
    'reminders',
  ] as const) {
    out.set(kind, stored.get(kind) ?? defaultSwitches(kind));
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

/** Whether notification email may go to the member's address: confirmed, and not disabled (bounce, spam, unsubscribe). */
export const emailAllowed = (r: TRecipient) => r.emailConfirmed && r.emailDisabled.length === 0;

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
      site: {
        id: site.id,
        name: site.name,
        domain: site.domain,
        mailName: site.mailName,
        supportEmail: site.supportEmail,
      },
      fictionalWarning: siteText(site, 'fictionalWarning', locale),
      badge: await countBadge(db, r.profileId),
    };
  }

  /** What an event is about now: the kind, recipient, key, content; undefined when nothing is to be said any more. */
  async function resolve(event: TNotifyEvent) {
    if (event.type === 'message') {
      const m = await findMessageFacts(db, event.messageId);
      if (!m) return undefined;
      const kind: TNotificationKind = m.firstFromSender ? 'new_conversations' : 'new_messages';
      return {
        kind,
        recipientProfileId: m.recipientProfileId,
        actorProfileId: m.senderProfileId,
        eventKey: `message:${m.id}`,
        subjectId: m.conversationId,
        stale: m.read ? 'read' : undefined,
        content: (actor: TActor) => ({ kind, actor, conversationId: m.conversationId }) as TNotificationContent,
        conversationId: m.conversationId,
      };
    }
    const l = await findLikeFacts(db, event.likerProfileId, event.likedProfileId);
    if (!l) return undefined;
    const pair = [event.likerProfileId, event.likedProfileId].sort((a, b) => a - b);
    return {
      kind: 'like' as const,
      recipientProfileId: event.likedProfileId,
      actorProfileId: event.likerProfileId,
      // One notification per liker (a like taken back and given again says nothing new), one per match.
      eventKey: l.match ? `match:${pair[0]}:${pair[1]}` : `like:${event.likerProfileId}`,
      subjectId: event.likerProfileId,
      stale: l.isNew || l.match ? undefined : 'seen',
      content: (actor: TActor) => ({ kind: 'like', actor, match: l.match }) as TNotificationContent,
      conversationId: null,
    };
  }

  type TResolved = NonNullable<Awaited<ReturnType<typeof resolve>>>;

  /**
   * Everything that must hold for a member to be told now, on a channel: the member reachable, no block either way,
   * the switch on (a marketing kind also needs its consent), email allowed. Returns the reason when not.
   */
  async function refusal(
    r: TRecipient | undefined,
    ev: TResolved,
    channel: TNotificationChannel,
  ): Promise<string | undefined> {
    if (!reachable(r)) return 'unreachable';
    if (ev.stale) return ev.stale;
    const block = await findBlockRelation(db, r.profileId, ev.actorProfileId);
    if (block.blockedByMe || block.blockedMe) return 'blocked';
    const switches = (await effectiveSwitches(db, r.userId)).get(ev.kind)!;
    if (!switches[channel]) return 'switched_off';
    if (MARKETING_NOTIFICATION_KINDS.includes(ev.kind) && !(await hasLiveConsent(db, r.userId, ev.kind as 'news')))
      return 'no_consent';
    if (channel === 'email' && !emailAllowed(r)) return 'email_disabled';
    return undefined;
  }

  /** The fan-out job: one idempotency row and delivery jobs per channel the member gets this event on. */
  async function fanOut(payload: Record<string, unknown>): Promise<void> {
    const event = payload as unknown as TNotifyEvent;
    const ev = await resolve(event);
    if (!ev) return;
    const r = await findRecipientByProfile(db, ev.recipientProfileId);
    const at = now();
    const pushRefused = await refusal(r, ev, 'push');
    const emailRefused = await refusal(r, ev, 'email');
    if (!r || (pushRefused && emailRefused)) {
      log.debug({ kind: ev.kind, push: pushRefused, email: emailRefused }, 'notification not sent');
      return;
    }
    const subscriptions = pushRefused ? [] : await deps.push.subscriptionIds(r.userId);
    const pushJobs: number[] = [];
    await db.transaction(async (tx) => {
      const base = { userId: r.userId, kind: ev.kind, eventKey: ev.eventKey, subjectId: ev.subjectId, at };
      if (subscriptions.length > 0) {
        const sendId = await claimSend(tx, { ...base, channel: 'push' });
        if (sendId) {
          for (const subscriptionId of subscriptions) {
            pushJobs.push(
              await enqueueJob(tx, {
                kind: NOTIFY_PUSH_JOB,
                payload: { sendId, subscriptionId, event },
                runAt: at,
                userId: r.userId,
              }),
            );
          }
        }
      }
      if (!emailRefused) {
        const sendId = await claimSend(tx, { ...base, channel: 'email' });
        const delay = event.type === 'message' ? MESSAGE_EMAIL_DELAY_MS : LIKE_EMAIL_DELAY_MS;
        if (sendId) {
          await enqueueJob(tx, {
            kind: NOTIFY_EMAIL_JOB,
            payload: { sendId, event },
            runAt: new Date(at.getTime() + delay),
            userId: r.userId,
          });
        }
      }
    });
    if (pushJobs.length) deps.jobs.runDetached(pushJobs);
  }

  /** Loads what a delivery job needs, or ends its send with the reason it no longer applies. */
  async function prepare(sendId: number, event: TNotifyEvent, channel: TNotificationChannel) {
    const send = await findSend(db, sendId);
    if (!send || (send.status !== 'queued' && send.status !== 'sending')) return undefined;
    const ev = await resolve(event);
    const r = ev ? await findRecipientByProfile(db, ev.recipientProfileId) : undefined;
    const refused = ev ? await refusal(r, ev, channel) : 'gone';
    const site = r ? await deps.sites.byId(r.siteId) : undefined;
    const origin = site ? deps.originOf(site) : '';
    const actor = ev && site ? await actorOf(ev.actorProfileId, site, origin) : undefined;
    if (refused || !ev || !r || !site || !actor) {
      await finishSend(db, sendId, { status: 'skipped', reason: refused ?? 'gone', at: now() });
      return undefined;
    }
    return { send, ev, r, site, origin, delivery: await deliveryFor(r, site, ev.content(actor)) };
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
          subjectId: ready.ev.subjectId,
        });
        if (recent > 0) return 'conversation_cap';
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
      // Back to queued: a retry sends it (the same Message-ID, so a server that got it drops the copy).
      await finishSend(db, sendId, { status: 'queued', at: now() });
      throw err;
    }
    await finishSend(db, sendId, { status: 'sent', at: now() });
  }

  return {
    /**
     * Queues the notification of an event in the caller's transaction (it exists exactly when the change commits).
     * Run the returned job after the commit with `jobs.runDetached`.
     */
    queue(tx: TDb | TTx, event: TNotifyEvent): Promise<number> {
      return enqueueJob(tx, { kind: NOTIFY_EVENT_JOB, payload: { ...event }, runAt: now() });
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
