import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import { defaultSwitches, NOTIFICATION_KINDS } from '#common/notifications.ts';
import en from '#locales/en.json';
import { NotificationSwitches } from './notification-switches.tsx';

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
