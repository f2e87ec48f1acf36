import { useCallback, useEffect, useRef, useState } from 'react';
import type { TChatMessage } from '#common/chat.ts';
import { TYPING_SHOW_MS } from '#common/realtime.ts';
import { onRealtime, sendRealtime, useRealtimeOpen } from '#web/lib/realtime.ts';
import { fetchChatPage } from './chat.api.ts';
import { markChatRead, setActiveConversation } from './chats-store.ts';

/** How often an open conversation looks for new messages while the realtime socket is down. */
const FALLBACK_REFRESH_MS = 10_000;

/** Pages one resync reads at most (30 messages each); the next resync goes on from there. */
const MAX_RESYNC_PAGES = 20;

/**
 * Keeps an open conversation current: new messages, the other member's typing and read state arrive over the socket;
 * after a (re)connect, and every 10 s while the socket is down, the messages after the newest one are fetched, so
 * nothing is missed and nothing is shown twice (messages are merged by id). Fetching the newest marks them read.
 */
export function useConversationSync(options: {
  conversationId: number | null;
  otherProfileId: number;
  initial: TChatMessage[];
  initialReadUpTo: number;
  onStarted?: (conversationId: number) => void;
  /** My own message arrived over the socket: the pending copy sent with this idempotency key is done. */
  onOwnDelivered?: (key: string) => void;
}) {
  const { conversationId, otherProfileId } = options;
  const [messages, setMessages] = useState(options.initial);
  const [readUpTo, setReadUpTo] = useState(options.initialReadUpTo);
  const [typing, setTyping] = useState(false);
  const newest = useRef(0);
  const onStarted = useRef(options.onStarted);
  const onOwnDelivered = useRef(options.onOwnDelivered);
  const live = useRealtimeOpen();
  useEffect(() => {
    newest.current = messages.at(-1)?.id ?? 0;
    onStarted.current = options.onStarted;
    onOwnDelivered.current = options.onOwnDelivered;
  });

  const merge = useCallback((incoming: TChatMessage[]) => {
    if (!incoming.length) return;
    setMessages((now) => {
      const seen = new Set(now.map((m) => m.id));
      const fresh = incoming.filter((m) => !seen.has(m.id));
      return fresh.length ? [...now, ...fresh].sort((a, b) => a.id - b.id) : now;
    });
  }, []);

  const fetchNewer = useCallback(async () => {
    if (!conversationId) return;
    let after = newest.current;
    for (let i = 0; i < MAX_RESYNC_PAGES; i++) {
      const page = await fetchChatPage({ conversation_id: conversationId, after }, { progress: false }).catch(
        () => null,
      );
      if (!page) return;
      merge(page.messages);
      setReadUpTo((now) => Math.max(now, page.read_up_to));
      if (!page.has_newer || !page.messages.length) return;
      after = page.messages[page.messages.length - 1].id;
    }
  }, [conversationId, merge]);

  // The server hears which conversation is on screen (and visible): no push or email about it while it is.
  useEffect(() => {
    if (!conversationId) return;
    const tell = () =>
      sendRealtime({
        type: 'viewing',
        conversation_id: document.visibilityState === 'visible' ? conversationId : null,
      });
    tell();
    document.addEventListener('visibilitychange', tell);
    const off = onRealtime((event) => {
      if (event.type === 'hello') tell();
    });
    return () => {
      off();
      document.removeEventListener('visibilitychange', tell);
      sendRealtime({ type: 'viewing', conversation_id: null });
    };
  }, [conversationId]);

  // The conversation on screen is read: its badge clears now, and new messages are read as they come.
  useEffect(() => {
    if (!conversationId) return;
    markChatRead(conversationId);
    return setActiveConversation(conversationId);
  }, [conversationId]);

  useEffect(() => {
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    // Reads at once; messages arriving while a read is in flight are read by one more request right after it.
    let reading = false;
    let again = false;
    const readSoon = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void fetchNewer().finally(() => {
        reading = false;
        if (again) {
          again = false;
          readSoon();
        }
      });
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') readSoon();
    };
    document.addEventListener('visibilitychange', onVisible);
    const off = onRealtime((event) => {
      if (event.type === 'hello') {
        readSoon();
      } else if (event.type === 'message' && event.profile_id === otherProfileId) {
        if (!conversationId) {
          onStarted.current?.(event.message.conversation_id);
          return;
        }
        if (event.message.conversation_id !== conversationId) return;
        merge([event.message]);
        if (event.message.from_me && event.key) onOwnDelivered.current?.(event.key);
        if (!event.message.from_me) {
          setTyping(false);
          // Read it only while the member can see it; otherwise when the page is visible again.
          if (document.visibilityState === 'visible') readSoon();
        }
      } else if (event.type === 'typing' && event.conversation_id === conversationId) {
        setTyping(true);
        clearTimeout(typingTimer);
        typingTimer = setTimeout(() => setTyping(false), TYPING_SHOW_MS);
      } else if (event.type === 'read' && event.conversation_id === conversationId) {
        setReadUpTo((now) => Math.max(now, event.up_to));
      }
    });
    // Events between the page's data and this listener would be lost: catch up once now.
    if (conversationId && document.visibilityState === 'visible') readSoon();
    return () => {
      off();
      clearTimeout(typingTimer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [conversationId, otherProfileId, merge, fetchNewer]);

  useEffect(() => {
    if (live || !conversationId) return;
    const timer = setInterval(() => void fetchNewer(), FALLBACK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [live, conversationId, fetchNewer]);

  return { messages, merge, readUpTo, typing };
}
