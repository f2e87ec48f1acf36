import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import {
  FICTIONAL_TEXTS,
  ICON_MARKUP,
  serverRender,
  testCard,
  testProfile,
  testRootData,
  testUser,
} from '#web/test/server-render.tsx';
import ChatsPage from './chats/chats.page.tsx';
import MemberChatPage from './member-chat/member-chat.page.tsx';
import MemberLandingPage from './member-landing/member-landing.page.tsx';
import MemberSignupPage from './member-signup/member-signup.page.tsx';
import MemberProfilePage from './members-id/members-id.page.tsx';

// Only the fields the pages read are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TAny = any;
type TCard = ReturnType<typeof testCard>;

const PRICES = { message: 10, photo: 15, gift: 20 };

/** The profile screen's profile for a card. */
const profileOf = (card: TCard) => testProfile(card);

/** Each page about one profile, with the loader data it would get for it, and whether it is for members only. */
const PROFILE_PAGES: [string, ComponentType<TAny>, (card: TCard) => unknown, boolean][] = [
  [
    'profile (members-id)',
    MemberProfilePage,
    (card) => ({ profile: profileOf(card), related: [], blockedByMe: false, canBlock: true, like: null }),
    true,
  ],
  [
    'conversation (chats-id)',
    ChatsPage,
    (card) => ({
      chats: [],
      open: {
        id: 7,
        profile: card,
        page: { messages: [], has_older: false, read_up_to: 0, other_profile_id: card.id },
      },
      messageLength: 1000,
      prices: PRICES,
    }),
    true,
  ],
  [
    'first message (members-id-chat)',
    MemberChatPage,
    (card) => ({ profile: card, messageLength: 1000, prices: PRICES }),
    true,
  ],
  ['signup for a member (members-id-signup)', MemberSignupPage, (card) => ({ card }), false],
  ['member lander (members-id-landing)', MemberLandingPage, (card) => ({ card }), false],
];

/** Renders a profile page about this card, for a member (or a visitor on public pages). */
function render([, Page, data, membersOnly]: (typeof PROFILE_PAGES)[number], card: TCard, fictionalIcon = true) {
  const user = membersOnly ? testUser(fictionalIcon) : null;
  const Component = () => <Page loaderData={data(card)} />;
  return serverRender(Component, testRootData(user, fictionalIcon), 'members-id-landing');
}

describe('fictional_singular on a fictional profile, its chat and its first-message page (issue 30, disclosure)', () => {
  it.each(PROFILE_PAGES.map((p) => [p[0], p] as const))(
    '%s: shows the singular text, server-rendered, for a fictional profile',
    (_name, page) => {
      const html = render(page, testCard(2, true));
      expect(html).toContain(FICTIONAL_TEXTS.singular);
      expect(html).toContain('role="note"');
    },
  );

  it.each(PROFILE_PAGES.map((p) => [p[0], p] as const))('%s: nothing of it for a real member', (_name, page) => {
    const html = render(page, testCard(1, false));
    expect(html).not.toContain(FICTIONAL_TEXTS.singular);
    expect(html).not.toContain(ICON_MARKUP);
  });

  it.each(PROFILE_PAGES.map((p) => [p[0], p] as const))(
    '%s: the labelled icon beside the name only while fictional_icon is on',
    (_name, page) => {
      expect(render(page, testCard(2, true), true)).toContain(ICON_MARKUP);
      expect(render(page, testCard(2, true), false)).not.toContain(ICON_MARKUP);
    },
  );

  it('the profile screen says the plural text over related profiles that include a fictional one', () => {
    const data = { profile: profileOf(testCard(1, false)), related: [testCard(2, true)], canBlock: true };
    const html = serverRender(
      () => <MemberProfilePage {...({ loaderData: data } as TAny)} />,
      testRootData(testUser()),
    );
    expect(html).toContain(FICTIONAL_TEXTS.plural);
    expect(html).not.toContain(FICTIONAL_TEXTS.singular);
  });
});
