import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import { defaultSwitches, NOTIFICATION_KINDS } from '#common/notifications.ts';
import en from '#locales/en.json';
import type { TNotificationSettings } from '#common/wire/notifications.ts';
import { NotificationSwitches, saveInOrder, type TSwitchChange } from './notification-switches.tsx';

const i18n = createI18n('en', en);
const t = i18n.t;

describe('the notification switches as the server renders them', () => {
  // The server may list the kinds in any order; the page shows the spec's.
  const kinds = [...NOTIFICATION_KINDS].reverse().map((kind) => ({ kind, ...defaultSwitches(kind) }));
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <NotificationSwitches initial={kinds} />
    </I18nextProvider>,
  );
  const inputs = [...html.matchAll(/<input[^>]*>/g)].map((m) => m[0]);

  it('one labelled switch per kind and channel, in the spec order, disabled until hydrated', () => {
    expect(inputs).toHaveLength(NOTIFICATION_KINDS.length * 2);
    const labels = inputs.map((tag) => /aria-label="([^"]*)"/.exec(tag)?.[1]);
    expect(labels.slice(0, 2)).toEqual([
      t('notifications.page.email_switch', { kind: t('notifications.kinds.new_conversations.label') }),
      t('notifications.page.push_switch', { kind: t('notifications.kinds.new_conversations.label') }),
    ]);
    for (const tag of inputs) {
      expect(tag).toMatch(/role="switch"/);
      expect(tag).toMatch(/ disabled=""/);
    }
  });

  it('the marketing kinds start off and say they are optional', () => {
    const checked = inputs.map((tag) => / checked=""/.test(tag));
    NOTIFICATION_KINDS.forEach((kind, i) => {
      const on = !['promotions', 'news'].includes(kind);
      expect([checked[2 * i], checked[2 * i + 1]]).toEqual([on, on]);
    });
    expect(html.split(t('notifications.page.optional')).length - 1).toBe(2);
  });
});

describe('saving the clicks on the switches', () => {
  /** A stored answer told apart by the email switch of one kind. */
  const answer = (email: boolean) =>
    ({ kinds: [{ kind: 'like', email, push: true }], notifications_disabled: [] }) as unknown as TNotificationSettings;
  const off: TSwitchChange = { kind: 'like', channel: 'email', enabled: false };
  const on: TSwitchChange = { kind: 'like', channel: 'email', enabled: true };

  it('stores the clicks in order, a click made meanwhile included, and takes the server word after the last', async () => {
    const waiting = [off];
    const saved: TSwitchChange[] = [];
    const onStored = vi.fn();
    const save = vi.fn(async (change: TSwitchChange) => {
      saved.push(change);
      // The member clicks again while the first save is on its way.
      if (saved.length === 1) waiting.push(on);
      return answer(change.enabled);
    });
    const signal = new AbortController().signal;
    expect(await saveInOrder(waiting, { save, onStored, onRefused: vi.fn(), signal })).toBe(true);
    expect(saved).toEqual([off, on]);
    expect(onStored).toHaveBeenCalledTimes(1);
    expect(onStored).toHaveBeenCalledWith(answer(true).kinds);
    expect(waiting).toEqual([]);
  });

  it('hands a refused click back and still stores the ones after it', async () => {
    const waiting = [off, on];
    const onRefused = vi.fn();
    const save = vi.fn(async (change: TSwitchChange) => {
      if (change === off) throw new Error('refused');
      return answer(change.enabled);
    });
    const signal = new AbortController().signal;
    expect(await saveInOrder(waiting, { save, onStored: vi.fn(), onRefused, signal })).toBe(false);
    expect(onRefused).toHaveBeenCalledWith(off);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
