import { describe, expect, it } from 'vitest';
import { badgeText } from '../lib/chat-totals.ts';
import { singlePeriods } from './site-footer.tsx';
import { showsBanners } from './warnings-header.tsx';

describe('navigation rules (issue 31)', () => {
  it('caps a badge at 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(4321)).toBe('99+');
  });

  it('keeps one period after a company name ending with one, and leaves an ellipsis alone', () => {
    expect(singlePeriods('Records are kept by Amora Media B.V..')).toBe('Records are kept by Amora Media B.V.');
    expect(singlePeriods('© 2026 Amora Media B.V. · All rights reserved.')).toBe(
      '© 2026 Amora Media B.V. · All rights reserved.',
    );
    expect(singlePeriods('Wait...')).toBe('Wait...');
  });

  it('shows no banner on activation, chat or checkout pages', () => {
    for (const route of [
      'activate',
      'activate/done',
      'chats-id',
      'members-id-chat',
      'credits',
      'premium',
      'directdebit',
    ]) {
      expect(showsBanners(route), route).toBe(false);
    }
    for (const route of ['members', 'likes', 'profile', 'members-id']) expect(showsBanners(route), route).toBe(true);
  });
});
