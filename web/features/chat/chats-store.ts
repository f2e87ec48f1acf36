import { useEffect, useSyncExternalStore } from 'react';
import { POLL_INTERVAL_MS, POLL_START_DELAY_MS } from '../../../common/constants.ts';
import { api } from '../../lib/api.ts';
import { setUnreadTotal } from '../../lib/chat-totals.ts';

export interface TChatListItem {
  conversation: { id: number; last_message_at: string };
  profile: {
    id: number;
    name: string;
    age: number;
    city: string;
    country: string;
    is_fictional: boolean;
    main_image: { filename: string; thumb_filename: string } | null;
  };
  num_unread_messages: number;
}

/** The member's conversations (spec §7 chats.php), shared by the navigation badge and the chat screens. */
let chats: TChatListItem[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function emit() {
  setUnreadTotal(chats.reduce((sum, c) => sum + c.num_unread_messages, 0));
  for (const l of listeners) l();
}

/** Reloads the conversations; the progress bar shows only on the first load. */
export async function loadChats(): Promise<void> {
  const answer = await api.get<TChatListItem[]>('/api/chats.php', { progress: !loaded }).catch(() => null);
  if (!answer) return;
  chats = answer;
  loaded = true;
  emit();
}

/** Replaces the list (from a page loader) without a request. */
export function setChats(list: TChatListItem[]): void {
  chats = list;
  loaded = true;
  emit();
}

/** Opening a conversation sets its unread count to 0 (spec §4). */
export function markChatRead(conversationId: number): void {
  chats = chats.map((c) => (c.conversation.id === conversationId ? { ...c, num_unread_messages: 0 } : c));
  emit();
}

/** Removes a conversation locally first (spec §4); the caller reloads on failure. */
export function removeChatLocally(conversationId: number): void {
  chats = chats.filter((c) => c.conversation.id !== conversationId);
  emit();
}

/** The current conversations. */
export function useChats(): TChatListItem[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => chats,
    () => chats,
  );
}

/** Unread messages for the Messages badge. */
export function useUnreadTotal(): number {
  const list = useChats();
  return list.reduce((sum, c) => sum + c.num_unread_messages, 0);
}

/** Polls conversations for a logged-in member: first after 5 s, then every 60 s (spec §9). */
export function useChatsPolling(memberId: number | undefined): void {
  useEffect(() => {
    if (!memberId) {
      chats = [];
      loaded = false;
      emit();
      return;
    }
    let interval: ReturnType<typeof setInterval> | undefined;
    const start = setTimeout(() => {
      void loadChats();
      interval = setInterval(() => void loadChats(), POLL_INTERVAL_MS);
    }, POLL_START_DELAY_MS);
    return () => {
      clearTimeout(start);
      clearInterval(interval);
    };
  }, [memberId]);
}
