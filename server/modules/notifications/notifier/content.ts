import { pagePath } from '#common/routes.ts';

/** The member a notification is about (who wrote, liked, or a new member of the weekly digest). */
export interface TActor {
  profileId: number;
  name: string;
  age: number | null;
  city: string | null;
  /** Absolute URL of the main photo's thumbnail, or null (no photo, or it is not public). */
  photoUrl: string | null;
  /** A fictional (operator-run) profile: its emails carry the site's fictional warning text (`fictionalWarning`). */
  fictional: boolean;
}

/**
 * What one notification says, channel-neutral: the email template and the push payload are both rendered from it in
 * the recipient's locale. Never carries the text of a message (a dating site's messages are intimate, and a paid
 * conversation's text must not leak into a free channel): it says who wrote and links to the conversation.
 */
export type TNotificationContent =
  | { kind: 'new_conversations' | 'new_messages'; actor: TActor; conversationId: number }
  | { kind: 'like'; actor: TActor; match: boolean }
  | { kind: 'unread_message_reminders'; unread: number; actor: TActor | null; conversationId: number | null }
  | { kind: 'weekly_updates'; members: TActor[] }
  | {
      kind: 'reminders';
      reminder: 'activation' | 'photo' | 'profile';
      /** The activation link (absolute, with a fresh token) of an activation reminder. */
      link?: string;
    }
  | { kind: 'promotions' | 'news'; title: string; body: string; url: string };

/** Everything a channel needs to render a notification for one member. */
export interface TNotificationDelivery {
  content: TNotificationContent;
  locale: string;
  site: { id: number; name: string; domain: string; mailName: string; supportEmail: string };
  /** The site's fictional warning in the member's locale; shown in emails about fictional actors. */
  fictionalWarning: string;
  /** Unread messages + new likes (push badge). */
  badge: number;
}

/** The same-origin path a notification opens (email button, push click). */
export function notificationPath(content: TNotificationContent): string {
  switch (content.kind) {
    case 'new_conversations':
    case 'new_messages':
      return pagePath('chats-id', { id: content.conversationId });
    case 'like':
      return content.match ? pagePath('likes-type', { type: 'match' }) : pagePath('likes');
    case 'unread_message_reminders':
      return content.conversationId ? pagePath('chats-id', { id: content.conversationId }) : pagePath('chats');
    case 'weekly_updates':
      return pagePath('members');
    case 'reminders':
      return content.reminder === 'activation' ? pagePath('settings') : pagePath('profile');
    case 'promotions':
    case 'news':
      return content.url;
  }
}
