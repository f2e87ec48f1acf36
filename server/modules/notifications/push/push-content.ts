import type { TPushPayload } from '#common/notifications.ts';
import { serverT } from '#server/lib/i18n.ts';
import { notificationPath, type TNotificationContent, type TNotificationDelivery } from '../notifier/content.ts';

/** The site icon a notification shows; a same-origin path, resolved by the service worker against its origin. */
export const PUSH_ICON = '/favicon.svg';

/** Longest title and body sent (code points): a push payload must stay under 4 KB once encrypted. */
const MAX_TITLE = 120;
const MAX_BODY = 600;

/** A text cut to `max` code points, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** Groups notifications on the device: one per conversation, one for likes, else one per kind. */
export function pushTag(content: TNotificationContent): string {
  switch (content.kind) {
    case 'new_conversations':
    case 'new_messages':
      return `chat-${content.conversationId}`;
    case 'unread_message_reminders':
      return content.conversationId ? `chat-${content.conversationId}` : content.kind;
    case 'like':
      return 'likes';
    default:
      return content.kind;
  }
}

/** Title and body of a notification in the member's language (catalogue keys `notifications.push.*`). */
function texts(delivery: TNotificationDelivery): { title: string; body: string; image?: string } {
  const t = serverT(delivery.locale);
  const { content } = delivery;
  const site = delivery.site.name;
  switch (content.kind) {
    case 'new_conversations':
    case 'new_messages': {
      const vars = { name: content.actor.name, site };
      return {
        title: t(`notifications.push.${content.kind}.title`, vars),
        body: t(`notifications.push.${content.kind}.body`, vars),
        image: content.actor.photoUrl ?? undefined,
      };
    }
    case 'like': {
      const prefix = content.match ? 'match_' : '';
      const vars = { name: content.actor.name, site };
      return {
        title: t(`notifications.push.like.${prefix}title`, vars),
        body: t(`notifications.push.like.${prefix}body`, vars),
        image: content.actor.photoUrl ?? undefined,
      };
    }
    case 'unread_message_reminders':
      return {
        title: t('notifications.push.unread_message_reminders.title', { count: content.unread, site }),
        body: content.actor
          ? t('notifications.push.unread_message_reminders.body_from', { name: content.actor.name, site })
          : t('notifications.push.unread_message_reminders.body', { site }),
        image: content.actor?.photoUrl ?? undefined,
      };
    case 'weekly_updates':
      return {
        title: t('notifications.push.weekly_updates.title', { count: content.members.length, site }),
        body: t('notifications.push.weekly_updates.body', { site }),
        image: content.members.find((m) => m.photoUrl)?.photoUrl ?? undefined,
      };
    case 'reminders':
      return {
        title: t(`notifications.push.reminders.${content.reminder}.title`, { site }),
        body: t(`notifications.push.reminders.${content.reminder}.body`, { site }),
      };
    case 'promotions':
    case 'news':
      return { title: content.title, body: content.body };
  }
}

/** The push a member's browser shows for one notification, localized on the server (the worker only displays it). */
export function renderPushPayload(delivery: TNotificationDelivery): TPushPayload {
  const { title, body, image } = texts(delivery);
  return {
    v: 2,
    kind: delivery.content.kind,
    title: clip(title, MAX_TITLE),
    body: clip(body, MAX_BODY),
    url: notificationPath(delivery.content),
    tag: pushTag(delivery.content),
    icon: PUSH_ICON,
    ...(image ? { image } : {}),
    badge: delivery.badge,
  };
}
