import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishToMember } from '#server/realtime/publish.ts';
import type { TMessageRow } from './chat.repository.ts';
import { toMessageWire } from './chat.presenter.ts';

/**
 * Tells both sides of a conversation about a new message (the sender's other tabs too), as every send does: a
 * member's, the signup message, a host's reply as a fictional profile. Best effort, never rejects.
 */
export async function announceMessage(
  realtime: Pick<TRealtimeHub, 'publish'>,
  sent: { row: TMessageRow; recipient: number; cdnPrefix: string },
): Promise<void> {
  const { row, recipient, cdnPrefix } = sent;
  await Promise.all([
    publishToMember(realtime, recipient, {
      type: 'message',
      message: toMessageWire(row, recipient, cdnPrefix),
      profile_id: row.senderProfileId,
    }),
    publishToMember(realtime, row.senderProfileId, {
      type: 'message',
      message: toMessageWire(row, row.senderProfileId, cdnPrefix),
      profile_id: recipient,
      ...(row.idempotencyKey ? { key: row.idempotencyKey } : {}),
    }),
  ]);
}
