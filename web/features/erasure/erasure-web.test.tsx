import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '#common/i18n.ts';
import type { TChatMessage } from '#common/chat.ts';
import de from '#locales/de.json';
import en from '#locales/en.json';
import { Conversation } from '../chat/conversation.tsx';
import { MessageBubble } from '../chat/message-bubble.tsx';
import { isDeletedMember, memberName } from './deleted-member.ts';

const removed = (id: number, fromMe: boolean): TChatMessage => ({
  id,
  conversation_id: 7,
  from_me: fromMe,
  kind: 'removed',
  text: '',
  photo: null,
  gift: null,
  created_at: '2026-11-25T10:00:00.000Z',
});

/** Renders as the server does, in a locale, inside a router with the root data a logged-in page has. */
function render(locale: 'de' | 'en', node: React.ReactNode): string {
  const i18n = createI18n(locale, locale === 'de' ? de : en);
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => node }]);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <Stub initialEntries={['/']} hydrationData={{ loaderData: { root: { user: { credits: 10 } } } }} />
    </I18nextProvider>,
  );
}

describe("a purged member's conversation", () => {
  it('names the member "Deleted member" in the reader\'s language', () => {
    const t = createI18n('de', de).t;
    expect(isDeletedMember({ name: '' })).toBe(true);
    expect(isDeletedMember({ name: 'Anna' })).toBe(false);
    expect(memberName({ name: '' }, t)).toBe('Gelöschtes Mitglied');
    expect(memberName({ name: 'Anna' }, t)).toBe('Anna');
  });

  it('shows each removed message as "Nachricht entfernt", sent or received, without any content', () => {
    for (const mine of [true, false]) {
      const html = render(
        'de',
        <MessageBubble message={removed(1, mine)} otherName="Gelöschtes Mitglied" seen={false} />,
      );
      expect(html).toContain('Nachricht entfernt');
      expect(html).not.toContain('<img');
    }
  });

  it('replaces the composer with a note when the other member is deleted', () => {
    const props = {
      conversationId: 7,
      otherProfileId: 3,
      otherName: 'Deleted member',
      initial: [removed(1, false), removed(2, true)],
      hasOlder: false,
      readUpTo: 0,
      messageLength: 1000,
      prices: { message: 10, photo: 15, gift: 20 },
    };
    const closed = render('en', <Conversation {...props} closed />);
    expect(closed).toContain(en.erasure.conversation_closed);
    expect(closed).not.toContain('<textarea');
    expect(closed.split(en.erasure.message_removed)).toHaveLength(3);
    const open = render('en', <Conversation {...props} />);
    expect(open).toContain('<textarea');
    expect(open).not.toContain(en.erasure.conversation_closed);
  });
});
