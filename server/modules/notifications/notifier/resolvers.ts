import {
  LIKE_EMAIL_DELAY_MS,
  MESSAGE_EMAIL_DELAY_MS,
  type TNotificationChannel,
  type TNotificationKind,
} from '#common/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import type { TSite } from '#server/modules/sites/sites.service.ts';
import type { TActors } from './actors.ts';
import type { TActor, TNotificationContent } from './content.ts';
import type { TNotifyEvent } from './events.ts';
import {
  findLikeFacts,
  findMessageFacts,
  findRecipientByProfile,
  findRecipientByUser,
  findUnreadCount,
  type TRecipient,
} from './notify.repository.ts';

/** What an event is about now, the parts every kind has. */
export interface TResolved {
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

/** What the resolvers read besides the event. */
export interface TResolveContext {
  db: TDb;
  actors: TActors;
  /** A fresh activation link for an unconfirmed member (the activation reminder's button). */
  activationLink: (userId: number, origin: string) => Promise<string>;
  /** How long an email about a message or like waits (default MESSAGE_EMAIL_DELAY_MS / LIKE_EMAIL_DELAY_MS). */
  emailDelayMs?: number;
}

/** Resolves one kind of event; undefined when what it was about is gone. */
export type TResolver<E extends TNotifyEvent> = (event: E, ctx: TResolveContext) => Promise<TResolved | undefined>;

/** One resolver per event kind: the compiler refuses a kind of `TNotifyEvent` without one. */
type TResolvers = { [K in TNotifyEvent['type']]: TResolver<Extract<TNotifyEvent, { type: K }>> };

const RESOLVERS = {
  async message(event, { db, emailDelayMs }) {
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
      emailDelayMs: emailDelayMs ?? MESSAGE_EMAIL_DELAY_MS,
      content: async ({ actor }) => actor && { kind, actor, conversationId: m.conversationId },
    };
  },

  async like(event, { db, emailDelayMs }) {
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
      emailDelayMs: emailDelayMs ?? LIKE_EMAIL_DELAY_MS,
      content: async ({ actor }) => actor && { kind: 'like', actor, match: l.match },
    };
  },

  async unread(event, { db }) {
    const recipient = await findRecipientByProfile(db, event.profileId);
    const unread = await findUnreadCount(db, {
      profileId: event.profileId,
      conversationId: event.conversationId,
      messageId: event.messageId,
    });
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
  },

  async reminder(event, { db, activationLink }) {
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
            ? await activationLink(event.userId, origin)
            : undefined,
      }),
    };
  },

  async weekly(event, { db, actors }) {
    const recipient = await findRecipientByUser(db, event.userId);
    return {
      kind: 'weekly_updates',
      recipient,
      eventKey: `weekly:${event.week}`,
      subjectId: null,
      conversationId: null,
      emailDelayMs: 0,
      content: async ({ site, origin }) => {
        const members = recipient ? await actors.newMembersFor(recipient.profileId, { site, origin }) : [];
        return members.length ? { kind: 'weekly_updates', members } : undefined;
      },
    };
  },

  /** A broadcast's item for one member (a promotion or news; consent is checked by the refusals). */
  async broadcast(event, { db }) {
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
  },
} satisfies TResolvers;

/** What an event is about now: kind, recipient, key, content; undefined when the event is gone. */
export function resolveEvent(event: TNotifyEvent, ctx: TResolveContext): Promise<TResolved | undefined> {
  // The table is keyed by the event's own type, so its resolver takes this very event.
  const resolver = RESOLVERS[event.type] as TResolver<TNotifyEvent>;
  return resolver(event, ctx);
}
