import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { fetchChatPage } from './chat.api.ts';
import { MessageBubble } from './message-bubble.tsx';
import { OutgoingBubble } from './outgoing-bubble.tsx';
import type { TOutgoing } from './use-outbox.ts';

/**
 * The conversation's messages as a live log: 'Load older' pages back, then the messages, 'Seen' under my newest one
 * the other member has read, and mine still on their way; it keeps the newest in view.
 */
export function MessageList({
  conversationId,
  messages,
  merge,
  hasOlder: initialHasOlder,
  readUpTo,
  outgoing,
  onRetry,
  otherName,
  typing,
}: {
  conversationId: number | null;
  messages: TChatMessage[];
  merge: (messages: TChatMessage[]) => void;
  hasOlder: boolean;
  /** The other member has seen my messages up to this id. */
  readUpTo: number;
  outgoing: TOutgoing[];
  onRetry: (item: TOutgoing) => void;
  otherName: string;
  /** The other member is typing (the indicator under the list, kept in view). */
  typing: boolean;
}) {
  const { t } = useTranslation();
  const isHydrated = useHydrated();
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const older = useAsyncAction();
  const end = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [lastId, outgoing.length, typing]);

  const loadOlder = async () => {
    if (!conversationId || !messages.length) return;
    // A failed load shows nothing: the button stays for another try.
    await older.run(
      async () => {
        const page = await fetchChatPage({ conversation_id: conversationId, before: messages[0].id });
        merge(page.messages);
        setHasOlder(page.has_older);
      },
      { error: () => null },
    );
  };

  // 'Seen' goes under my newest message the other member has read.
  const seenId = messages.reduce((found, m) => (m.from_me && m.id <= readUpTo ? m.id : found), 0);

  return (
    <div className="flex-grow-1 overflow-auto p-3" role="log" aria-live="polite" aria-label={t('chat.messages')}>
      {hasOlder ? (
        <div className="text-center mb-3">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => void loadOlder()}
            disabled={older.busy || !isHydrated}
          >
            {t('chat.load_older')}
          </button>
        </div>
      ) : null}
      {messages.length === 0 && outgoing.length === 0 ? (
        <p className="text-center text-body-secondary">{t('chat.empty')}</p>
      ) : null}
      {messages.map((m) => (
        <MessageBubble key={m.id} message={m} otherName={otherName} seen={m.id === seenId} />
      ))}
      {outgoing.map((o) => (
        <OutgoingBubble key={o.key} item={o} onRetry={() => onRetry(o)} />
      ))}
      <div ref={end} />
    </div>
  );
}
