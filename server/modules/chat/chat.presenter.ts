import type { TChatMessage, TMessageKind } from '#common/chat.ts';
import type { TGiftId } from '#common/gifts.ts';
import { photoUrls } from '../photos/photo-store.ts';
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
