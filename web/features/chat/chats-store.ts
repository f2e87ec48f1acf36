import { useSyncExternalStore } from 'react';
import type { TServerEvent } from '#common/realtime.ts';
import type { TChatItem } from '#common/wire/chat.ts';
import { setUnreadTotal } from '#web/lib/chat-totals.ts';
import { fetchChats } from './chat.api.ts';

/** One conversation of the list, as `GET /api/chats.php` answers it. */
export type TChatListItem = TChatItem;

/** The member's conversations (spec §7 chats.php), shared by the navigation badge and the chat screens. */
let chats: TChatListItem[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function emit() {
  setUnreadTotal(loaded ? chats.reduce((sum, c) => sum + c.num_unread_messages, 0) : null);
  for (const l of listeners) l();
}

/** Reloads the conversations; the progress bar shows only on the first load. */
export async function loadChats(): Promise<void> {
  const answer = await fetchChats({ progress: !loaded }).catch(() => null);
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

/** Forgets everything (logout). */
export function clearChats(): void {
  chats = [];
  loaded = false;
  activeConversation = null;
  emit();
}

/** The conversation on screen, which reads its own new messages (so they never count as unread). */
let activeConversation: number | null = null;

/** Registers the conversation on screen; returns the function that unregisters it. */
export function setActiveConversation(conversationId: number): () => void {
  activeConversation = conversationId;
  return () => {
    if (activeConversation === conversationId) activeConversation = null;
  };
}

/**
 * Applies a realtime chat event to the list; answers 'reload' when the list must be loaded again (a message in a
 * conversation not on screen: new conversations and unread counts come from the server).
 */
export function applyChatEvent(event: TServerEvent): 'done' | 'reload' {
  switch (event.type) {
    case 'message': {
      const id = event.message.conversation_id;
      const known = chats.find((c) => c.conversation.id === id);
      const onScreen = id === activeConversation && document.visibilityState === 'visible';
      if (!known || (!event.message.from_me && !onScreen)) return 'reload';
      // Mine, or read on screen: only the order changes.
      chats = [
        { ...known, conversation: { ...known.conversation, last_message_at: event.message.created_at } },
        ...chats.filter((c) => c !== known),
      ];
      emit();
      return 'done';
    }
    case 'chat_read':
      markChatRead(event.conversation_id);
      return 'done';
    case 'chat_removed':
      removeChatLocally(event.conversation_id);
      return 'done';
    default:
      return 'done';
  }
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
