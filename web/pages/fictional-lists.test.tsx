import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import {
  FICTIONAL_TEXTS,
  ICON_MARKUP,
  serverRender,
  testCard,
  testRootData,
  testUser,
} from '#web/test/server-render.tsx';
import IndexPage from './index/index.page.tsx';
import LanderPage from './landers/lander.page.tsx';
import TinderSwipePage from './landers/tinderswipe.page.tsx';
import LikesPage from './likes/likes.page.tsx';
import MatchFinderPage from './match-finder/match-finder.page.tsx';
import MembersPage from './members/members.page.tsx';
import SignupMatchesPage from './signup-matches/signup-matches.page.tsx';
import SwipeGamePage from './swipe-game/swipe-game.page.tsx';

// Only the fields the pages read are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TAny = any;
type TCard = ReturnType<typeof testCard>;

/** Each list page with the loader data it would get for these cards, and whether it is for members only. */
const LIST_PAGES: [string, ComponentType<TAny>, (cards: TCard[]) => unknown, boolean][] = [
  [
    'search (members)',
    MembersPage,
    (cards) => ({
      query: {},
      results: cards,
      numResults: cards.length,
      page: 1,
      pages: 1,
      similar: [],
      countries: [],
      regions: null,
    }),
    true,
  ],
  [
    'likes',
    LikesPage,
    (cards) => ({
      type: 'received',
      counts: { received: cards.length, liked: 0, matches: 0 },
      cards: cards.map((c) => ({ ...c, like_new: false, state: 'received' })),
    }),
    true,
  ],
  ['match finder', MatchFinderPage, (cards) => ({ cards, page: 1, hasMore: false, hasLocation: true }), true],
  ['signup matches', SignupMatchesPage, (cards) => ({ cards }), true],
  ['swipe game', SwipeGamePage, (cards) => ({ cards, likes_left: 4 }), true],
  ['lander', LanderPage, (cards) => ({ kind: 'socialnetwork', niche: 1, cards, total: 100 }), false],
  ['swipe lander', TinderSwipePage, (cards) => ({ cards, total: 100 }), false],
  ['home page', IndexPage, (cards) => ({ cards, canBrowse: true, total: 100 }), false],
];

/** Renders a list page for these cards, for a member (or a visitor on public pages). */
function render([, Page, data, membersOnly]: (typeof LIST_PAGES)[number], cards: TCard[], fictionalIcon = true) {
  const user = membersOnly ? testUser(fictionalIcon) : null;
  const Component = () => <Page loaderData={data(cards)} />;
  return serverRender(Component, testRootData(user, fictionalIcon));
}

describe('fictional_plural on lists (issue 30, disclosure)', () => {
  it.each(LIST_PAGES.map((p) => [p[0], p] as const))(
    '%s: shows the plural text, server-rendered, when the list holds a fictional profile',
    (_name, page) => {
      const html = render(page, [testCard(1, false), testCard(2, true)]);
      expect(html).toContain(FICTIONAL_TEXTS.plural);
      expect(html).toContain('role="note"');
      // Lists carry the plural text, not the singular one nor the general warning in place of it.
      expect(html).not.toContain(FICTIONAL_TEXTS.singular);
    },
  );

  it.each(LIST_PAGES.map((p) => [p[0], p] as const))(
    '%s: no plural text when every profile listed is a real member',
    (_name, page) => {
      const html = render(page, [testCard(1, false), testCard(3, false)]);
      expect(html).not.toContain(FICTIONAL_TEXTS.plural);
    },
  );

  it.each(LIST_PAGES.map((p) => [p[0], p] as const))(
    '%s: the labelled icon marks the fictional card only while fictional_icon is on',
    (_name, page) => {
      const on = render(page, [testCard(2, true)], true);
      expect(on).toContain(ICON_MARKUP);
      const off = render(page, [testCard(2, true)], false);
      expect(off).not.toContain(ICON_MARKUP);
      expect(render(page, [testCard(1, false)], true)).not.toContain(ICON_MARKUP);
    },
  );
});
