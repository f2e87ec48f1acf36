import { describe, expect, it } from 'vitest';
import { draftKey, readDraft, writeDraft } from './use-draft.ts';

/** sessionStorage as far as the draft uses it. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('the message draft', () => {
  it('is kept per conversation and comes back; an empty or blank one (after sending) is forgotten', () => {
    const storage = memoryStorage();
    writeDraft(storage, draftKey(7, 42), 'Hello there');
    expect(readDraft(storage, draftKey(7, 42))).toBe('Hello there');
    expect(readDraft(storage, draftKey(8, 43))).toBe('');
    writeDraft(storage, draftKey(7, 42), '  ');
    expect(storage.getItem(draftKey(7, 42))).toBeNull();
  });

  it('keys a conversation not started yet by the other member; blocked storage keeps nothing and throws nothing', () => {
    expect(draftKey(null, 42)).toBe('chat-draft:p42');
    expect(draftKey(5, 42)).toBe('chat-draft:5');
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(() => writeDraft(blocked, 'k', 'x')).not.toThrow();
    expect(readDraft(blocked, 'k')).toBe('');
  });
});
