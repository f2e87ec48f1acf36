import { useEffect, useState } from 'react';

/** The sessionStorage key of a conversation's draft (a new one: by the other member). */
export function draftKey(conversationId: number | null, otherProfileId: number): string {
  return conversationId ? `chat-draft:${conversationId}` : `chat-draft:p${otherProfileId}`;
}

type TStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The draft kept under a key, or ''. */
export function readDraft(storage: TStorage, key: string): string {
  try {
    return storage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps a draft (an empty one is forgotten). */
export function writeDraft(storage: TStorage, key: string, text: string): void {
  try {
    if (text.trim()) storage.setItem(key, text);
    else storage.removeItem(key);
  } catch {
    // Storage full or blocked: the draft is only kept on screen.
  }
}

/**
 * The message being written, kept per conversation for the tab's session: a member who leaves (to buy credits, to
 * look at a profile) finds it again on return. Read after hydration, so the server page and the first render agree.
 */
export function useDraft(conversationId: number | null, otherProfileId: number): [string, (text: string) => void] {
  const key = draftKey(conversationId, otherProfileId);
  const [text, setText] = useState('');
  useEffect(() => {
    const saved = readDraft(window.sessionStorage, key);
    if (saved) setText(saved);
  }, [key]);
  const update = (next: string) => {
    setText(next);
    writeDraft(window.sessionStorage, key, next);
  };
  return [text, update];
}
