import type { TChatMessage, TMessageKind } from '#common/chat.ts';
import type { TGiftId } from '#common/gifts.ts';
import { photoUrls } from '../photos/photo-store.ts';
import type { TLastMessage, TOnlineState } from '#common/wire/chat.ts';
import { MINUTE_MS } from '#common/time.ts';
import type { TLastMessageRow } from './chat-list.repository.ts';
import type { TMessageRow } from './chat.repository.ts';

/** A message as one of the two members sees it. */
export function toMessageWire(m: TMessageRow, viewerProfileId: number, cdnPrefix: string): TChatMessage {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    from_me: m.senderProfileId === viewerProfileId,
    kind: m.kind as TMessageKind,
    text: m.kind === 'text' ? m.body : '',
    photo: m.attachmentKey ? photoUrls({ fileKey: m.attachmentKey, censoredKey: null }, cdnPrefix, false) : null,
    gift: m.kind === 'gift' ? (m.body as TGiftId) : null,
    created_at: m.createdAt.toISOString(),
  };
}

/** Seen this recently: active recently. */
export const ACTIVE_RECENTLY_MS = 24 * 60 * MINUTE_MS;

/**
 * The presence the list shows: online now while a socket of the member is connected (realtime presence), else active
 * recently from their last activity; null when unknown, hidden (invisible mode, fictional) or long ago.
 */
export function onlineState(lastSeenAt: Date | null, connected: boolean, now: Date): TOnlineState | null {
  if (!lastSeenAt) return null;
  if (connected) return 'now';
  if (now.getTime() - lastSeenAt.getTime() < ACTIVE_RECENTLY_MS) return 'recently';
  return null;
}

/** The list's preview of a conversation's newest message: a text's start, or only the kind of the others. */
export function toLastMessageWire(m: TLastMessageRow | null): TLastMessage | null {
  if (!m) return null;
  return {
    kind: m.kind as TMessageKind,
    text: m.kind === 'text' ? m.body : '',
    from_me: m.fromMe,
    created_at: m.createdAt.toISOString(),
  };
}
