import {
  MESSAGE_EMAIL_PER_CONVERSATION_MS,
  NOTIFICATION_EMAILS_PER_DAY,
  REMINDER_EVERY_DAYS,
  type TNotificationKind,
} from '#common/notifications.ts';
import { DAY_MS } from '#common/time.ts';
import type { TTx } from '#server/db/connect.ts';
import { countSentSince } from './sends.repository.ts';

/** Why one more notification email would be one too many. */
export type TEmailCap = 'daily_cap' | 'conversation_cap' | 'reminder_cap';

/**
 * The caps on the notification emails a member gets: NOTIFICATION_EMAILS_PER_DAY a day in all; about messages, one per
 * conversation per MESSAGE_EMAIL_PER_CONVERSATION_MS; an unread reminder once a day; a reminder once per
 * REMINDER_EVERY_DAYS. Returns the cap the send `sendId` would pass, or undefined. Run it under the member's
 * notification lock (`lockMemberNotifications`), so two processes never both pass a cap.
 */
export async function emailCapReached(
  tx: TTx,
  s: { userId: number; sendId: number; kind: TNotificationKind; subjectId: number | null; at: Date },
): Promise<TEmailCap | undefined> {
  const common = { userId: s.userId, channel: 'email' as const, exceptId: s.sendId };
  const day = await countSentSince(tx, { ...common, since: new Date(s.at.getTime() - DAY_MS) });
  if (day >= NOTIFICATION_EMAILS_PER_DAY) return 'daily_cap';
  if (s.kind === 'new_messages' || s.kind === 'new_conversations') {
    const recent = await countSentSince(tx, {
      ...common,
      since: new Date(s.at.getTime() - MESSAGE_EMAIL_PER_CONVERSATION_MS),
      kinds: ['new_messages', 'new_conversations'],
      subjectId: s.subjectId ?? undefined,
    });
    if (recent > 0) return 'conversation_cap';
  }
  if (s.kind === 'unread_message_reminders' || s.kind === 'reminders') {
    const since = new Date(s.at.getTime() - (s.kind === 'reminders' ? REMINDER_EVERY_DAYS : 1) * DAY_MS);
    if ((await countSentSince(tx, { ...common, since, kinds: [s.kind] })) > 0) return 'reminder_cap';
  }
  return undefined;
}
