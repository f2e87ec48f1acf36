import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import { useAsyncAction } from '#web/lib/use-async-action.ts';
import { LiveButton } from '#web/components/live-button.tsx';
import { fetchChatPage } from './chat.api.ts';
import { MessageBubble } from './message-bubble.tsx';
import { OutgoingBubble } from './outgoing-bubble.tsx';
import type { TOutgoing } from './use-outbox.ts';

/** Closer than this to the bottom counts as reading the newest messages. */
const NEAR_BOTTOM_PX = 80;

/**
 * The conversation's messages as a live log: 'Load older' pages back, then the messages, 'Seen' under my newest one
 * the other member has read, and mine still on their way. It keeps the newest in view (also while photos load), unless
 * the member scrolled up to read: then new messages wait behind a "New messages" button.
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
  const [hasOlder, setHasOlder] = useState(initialHasOlder);
  const older = useAsyncAction();
  const pane = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Whether the pane follows the newest message: true until the member scrolls up, again once back at the bottom.
  const following = useRef(true);
  const [unseen, setUnseen] = useState(0);
  const last = messages.at(-1);
  const seenLast = useRef(last?.id);
  const sentCount = useRef(outgoing.length);

  const toBottom = () => {
    const el = pane.current;
    if (el) el.scrollTop = el.scrollHeight;
  };
  // Only the member scrolling up stops following: the pane shrinking (a banner, the keyboard) and our own scrolls
  // to the bottom move nothing up.
  const lastTop = useRef(0);
  const onScroll = () => {
    const el = pane.current;
    if (!el) return;
    const movedUp = el.scrollTop < lastTop.current - 1;
    lastTop.current = el.scrollTop;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < NEAR_BOTTOM_PX) {
      following.current = true;
      setUnseen(0);
    } else if (movedUp) {
      following.current = false;
    }
  };

  // A new message (or mine on its way, or the typing line): follow it, or count it for the jump button.
  useLayoutEffect(() => {
    const isNew = last !== undefined && last.id !== seenLast.current;
    seenLast.current = last?.id;
    const sending = outgoing.length > sentCount.current;
    sentCount.current = outgoing.length;
    // What I send always brings me to the bottom.
    if (following.current || sending || (isNew && last.from_me)) {
      following.current = true;
      toBottom();
    } else if (isNew) {
      setUnseen((n) => n + 1);
    }
  }, [last, outgoing.length, typing]);

  // Photos and gifts grow the content after they load, and the pane shrinks when the keyboard opens or a banner
  // appears: keep the newest in view while following.
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) toBottom();
    });
    if (content.current) observer.observe(content.current);
    if (pane.current) observer.observe(pane.current);
    return () => observer.disconnect();
  }, []);

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
    <div className="flex-grow-1 position-relative d-flex flex-column chat-pane">
      <div
        ref={pane}
        className="flex-grow-1 overflow-auto p-3 chat-pane"
        role="log"
        aria-live="polite"
        aria-label={t('chat.messages')}
        onScroll={onScroll}
        data-testid="chat-pane"
      >
        <div ref={content}>
          {hasOlder ? (
            <div className="text-center mb-3">
              <LiveButton
                className="btn btn-sm btn-outline-secondary"
                onClick={() => void loadOlder()}
                disabled={older.busy}
              >
                {t('chat.load_older')}
              </LiveButton>
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
        </div>
      </div>
      {unseen > 0 ? (
        <button
          type="button"
          className="btn btn-sm btn-secondary rounded-pill shadow chat-jump"
          onClick={() => {
            following.current = true;
            setUnseen(0);
            toBottom();
          }}
        >
          {t('chat.new_messages', { count: unseen })} ↓
        </button>
      ) : null}
    </div>
  );
}
