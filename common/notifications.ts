import { DAY_MS, DAY_S, HOUR_MS, HOUR_S, MINUTE_MS } from './time.ts';
/**
 * Notification kinds, channels and rules (spec §3 "Notification kinds"). What each kind means and when it
 * is sent is written in docs/ARCHITECTURE.md ("Notifications").
 */
export const NOTIFICATION_KINDS = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A kind's switches: on or off per channel. */
export type TChannelSwitches = Record<TNotificationChannel, boolean>;

/** Marketing kinds: opt-in (EU consent), off until the member turns them on; turning one on records the consent. */
export const MARKETING_NOTIFICATION_KINDS: readonly TNotificationKind[] = ['promotions', 'news'];

/** The switches of a member who never changed them: all on, except the opt-in marketing kinds. */
export function defaultSwitches(kind: TNotificationKind): TChannelSwitches {
  const on = !MARKETING_NOTIFICATION_KINDS.includes(kind);
  return { email: on, push: on };
}

/** Why email notifications are off for the whole account (spec §4 `notifications_disabled`). */
export const EMAIL_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type TEmailDisabledReason = (typeof EMAIL_DISABLED_REASONS)[number];

/** A message email waits this long and goes only if the message is still unread (push may have got it read). */
export const MESSAGE_EMAIL_DELAY_MS = 10 * MINUTE_MS;
/** A like email waits this long and goes only if the like is still unseen. */
export const LIKE_EMAIL_DELAY_MS = 10 * MINUTE_MS;
/** At most one `new_messages` email per conversation in this period. */
export const MESSAGE_EMAIL_PER_CONVERSATION_MS = 6 * HOUR_MS;
/** `unread_message_reminders`: one email once a message stayed unread this long (at most one such email a day). */
export const UNREAD_REMINDER_AFTER_MS = 24 * HOUR_MS;
/** Notification emails a member gets at most per 24 hours, all kinds together (transactional emails not counted). */
export const NOTIFICATION_EMAILS_PER_DAY = 10;
/** `weekly_updates`: at most once in this period. */
export const WEEKLY_UPDATE_EVERY_MS = 7 * DAY_MS;
/** `reminders` stop after this many that got no answer (no login since). */
export const REMINDERS_MAX_UNANSWERED = 3;
/** Days between two reminders of the same member. */
export const REMINDER_EVERY_DAYS = 3;
/** Soft bounces within SOFT_BOUNCE_WINDOW_MS that disable email (a hard bounce disables at once). */
export const SOFT_BOUNCES_TO_DISABLE = 3;
export const SOFT_BOUNCE_WINDOW_MS = 7 * DAY_MS;
/** One-click unsubscribe links stay valid this long (they are in old emails). */
export const UNSUBSCRIBE_LINK_DAYS = 90;
/** The link that turns email back on after a bounce (it proves the address receives mail again) is valid this long. */
export const EMAIL_REENABLE_LINK_HOURS = 48;
/** Re-enable confirmation emails a member may ask for per 24 hours (they go to an address that bounced). */
export const EMAIL_REENABLE_EMAILS_PER_DAY = 3;

/** Push TTL (seconds the push service keeps an undelivered push) and urgency per kind (RFC 8030). */
export const PUSH_DELIVERY: Record<
  TNotificationKind,
  { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high' }
> = {
  new_conversations: { ttl: DAY_S, urgency: 'high' },
  new_messages: { ttl: DAY_S, urgency: 'high' },
  like: { ttl: DAY_S, urgency: 'normal' },
  unread_message_reminders: { ttl: HOUR_S * 12, urgency: 'low' },
  promotions: { ttl: HOUR_S * 12, urgency: 'very-low' },
  weekly_updates: { ttl: DAY_S, urgency: 'very-low' },
  news: { ttl: DAY_S, urgency: 'very-low' },
  reminders: { ttl: DAY_S, urgency: 'low' },
};

/**
 * What the push service worker receives (JSON, encrypted by Web Push): already localized on the server in the
 * member's language. `tag` groups notifications (one per conversation), `badge` is the unread total.
 */
export interface TPushPayload {
  v: 2;
  kind: TNotificationKind;
  title: string;
  body: string;
  /** Same-origin path the click opens (`/chats/12`, `/likes`…). */
  url: string;
  tag: string;
  /** Site icon URL. */
  icon: string;
  /** Sender's photo (thumbnail URL) when there is one. */
  image?: string;
  /** Unread messages + new likes, for the app badge. */
  badge?: number;
}
