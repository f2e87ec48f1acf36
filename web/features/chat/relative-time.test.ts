import { describe, expect, it } from 'vitest';
import { bubbleTime, chatListTime } from './relative-time.ts';

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

describe("a message bubble's time", () => {
  // TZ=UTC in the test run: "today" is the UTC day of now.
  const now = new Date('2026-03-10T18:00:00Z');
  it('is the time of day for today, date and time before, in the member language', () => {
    expect(bubbleTime('2026-03-10T14:05:00Z', 'de', now)).toBe('14:05');
    expect(bubbleTime('2026-03-10T14:05:00Z', 'en', now)).toMatch(/^2:05\sPM$/);
    expect(bubbleTime('2026-03-09T14:05:00Z', 'de', now)).toBe('09.03.26, 14:05');
  });
});
