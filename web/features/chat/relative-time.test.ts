import { describe, expect, it } from 'vitest';
import { chatListTime } from './relative-time.ts';

describe('the conversation list time', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  it('is null under a minute, relative within a week in the member language, a date after', () => {
    expect(chatListTime('2026-03-10T11:59:30Z', 'en', now)).toBeNull();
    expect(chatListTime('2026-03-10T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(chatListTime('2026-03-10T09:00:00Z', 'de', now)).toBe('vor 3 Stunden');
    expect(chatListTime('2026-03-08T12:00:00Z', 'pl', now)).toBe('2 dni temu');
    expect(chatListTime('2026-02-01T12:00:00Z', 'fr', now)).toBe('01/02/2026');
  });
});
