import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import type { TGiftId } from '#common/gifts.ts';
import type { TSendAnswer } from '#common/wire/chat.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { errorMessage } from '#web/lib/async-action.ts';
import { setCredits } from '#web/lib/credits-store.ts';
import { sendMessage, sendPhotoUpload } from './chat.api.ts';
import { loadChats } from './chats-store.ts';

/** What the member sends: a text, a gift, or a photo (one of theirs, or a new file with its local preview). */
export type TContent =
  | { kind: 'text'; text: string }
  | { kind: 'gift'; gift: TGiftId }
  | { kind: 'photo'; photoId?: string; file?: File; preview: string };
/** A message on its way, or failed and waiting for a retry; its key is the send's idempotency key. */
export type TOutgoing = TContent & { key: string; status: 'sending' | 'failed'; error?: string; progress?: number };
/** Why sending is refused until the member does something: no credits, not premium, or today's cap. */
export type TBlocker = 'credits' | 'premium' | 'daily';

const BLOCKERS: Record<string, TBlocker> = {
  not_enough_credits: 'credits',
  premium_required: 'premium',
  daily_limit_reached: 'daily',
};

const newKey = () => crypto.randomUUID();

/**
 * The messages being sent: each goes out with its own idempotency key and stays on screen until the server has it
 * (a retry reuses the key, so it is charged once). A refusal for credits, premium or the daily cap takes it back
 * (a text returns to the composer) and names the blocker.
 */
export function useOutbox(options: {
  otherProfileId: number;
  conversationId: number | null;
  merge: (messages: TChatMessage[]) => void;
  onStarted?: (conversationId: number) => void;
  /** A refused text goes back to the composer. */
  onTextBack: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [outgoing, setOutgoing] = useState<TOutgoing[]>([]);
  const [blocker, setBlocker] = useState<TBlocker | null>(null);

  const update = (key: string, change: Partial<TOutgoing>) =>
    setOutgoing((now) => now.map((o) => (o.key === key ? ({ ...o, ...change } as TOutgoing) : o)));
  /** The message with this key is done (answered, or arrived over the socket). */
  const drop = (key: string) => setOutgoing((now) => now.filter((o) => o.key !== key));

  const request = (item: TOutgoing): Promise<TSendAnswer> => {
    const profile_id = options.otherProfileId;
    if (item.kind === 'text') return sendMessage({ profile_id, text: item.text }, item.key);
    if (item.kind === 'gift') return sendMessage({ profile_id, gift: item.gift }, item.key);
    if (item.photoId) return sendMessage({ profile_id, photo_id: item.photoId }, item.key);
    return sendPhotoUpload(profile_id, {
      file: item.file!,
      onProgress: (fraction) => update(item.key, { progress: fraction }),
      idempotencyKey: item.key,
    });
  };

  /** Sends (or sends again) one message. */
  const deliver = async (item: TOutgoing) => {
    update(item.key, { status: 'sending', error: undefined, progress: undefined });
    try {
      const answer = await request(item);
      drop(item.key);
      options.merge([answer.message]);
      setCredits(answer.credits);
      if (item.kind === 'photo' && item.file) URL.revokeObjectURL(item.preview);
      void loadChats();
      if (!options.conversationId) options.onStarted?.(answer.message.conversation_id);
    } catch (err) {
      const refused = err instanceof ApiError ? BLOCKERS[err.code] : undefined;
      if (refused) {
        drop(item.key);
        if (item.kind === 'text') options.onTextBack(item.text);
        setBlocker(refused);
        return;
      }
      update(item.key, { status: 'failed', error: errorMessage(err, t('errors.error_occurred')) });
    }
  };

  /** Puts a new message in the outbox and sends it. */
  const queue = (content: TContent) => {
    const item = { ...content, key: newKey(), status: 'sending' } as TOutgoing;
    setOutgoing((now) => [...now, item]);
    setBlocker(null);
    void deliver(item);
  };

  return { outgoing, blocker, queue, retry: deliver, drop };
}
