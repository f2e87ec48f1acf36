import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { PHOTO_VARIANTS_VERSION } from '#common/photo-variants.ts';
import { serverRender, testCard, testProfile, testRootData, testUser } from '#web/test/server-render.tsx';
import IndexPage from './index/index.page.tsx';
import MembersPage from './members/members.page.tsx';
import MemberProfilePage from './members-id/members-id.page.tsx';
import LanderPage from './landers/lander.page.tsx';
import MemberLandingPage from './member-landing/member-landing.page.tsx';
import { ChatListEntry } from '#web/features/chat/chat-list-entry.tsx';

// Only the fields the pages read are given.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type TAny = any;

/** A main image as the card wire carries it: the spec's JPEG URLs plus size and variant set. */
const image = (key: string, variants = PHOTO_VARIANTS_VERSION) => ({
  filename: `https://cdn.example/media/${key}.jpg`,
  thumb_filename: `https://cdn.example/media/${key}_thumb.jpg`,
  width: 1280,
  height: 960,
  variants,
});

const cardWith = (id: number, main = image(`k${id}`)) => ({ ...testCard(id, false), main_image: main });

const render = (Page: ComponentType<TAny>, loaderData: unknown, member = true) =>
  serverRender(() => <Page loaderData={loaderData} />, testRootData(member ? testUser() : null));

/** The `<img>` tags of the markup. */
const imgs = (html: string) => html.match(/<img [^>]*>/g) ?? [];

describe('responsive photos (issue 32)', () => {
  const cards = [1, 2, 3, 4].map((id) => cardWith(id));
  const members = () =>
    render(MembersPage, {
      query: {},
      results: cards,
      numResults: 4,
      page: 1,
      pages: 1,
      similar: [],
      countries: [],
      regions: null,
    });

  it('member cards on /members: AVIF and WebP sources and a JPEG srcset of every thumbnail side, with sizes', () => {
    const html = members();
    const base = 'https://cdn.example/media/k1';
    expect(html).toContain(
      `<source type="image/avif" srcSet="${base}_t160.avif 160w, ${base}_t240.avif 240w, ${base}_t360.avif 360w, ${base}_t480.avif 480w" sizes="`,
    );
    expect(html).toContain(`<source type="image/webp" srcSet="${base}_t160.webp 160w`);
    const [first] = imgs(html);
    expect(first).toContain(`src="${base}_thumb.jpg"`);
    expect(first).toContain(`srcSet="${base}_t160.jpg 160w`);
    expect(first).toContain('sizes="(min-width: 1400px) 203px');
    expect(first).toMatch(/width="320" height="320"/);
    // No full-size photo on a card.
    expect(html).not.toContain('k1.jpg');
    expect(html).not.toContain('k1_1080');
  });

  it('/members: the first row loads at once with high priority, the cards below lazily', () => {
    const cardImgs = imgs(members()).filter((tag) => tag.includes('cdn.example'));
    expect(cardImgs).toHaveLength(4);
    for (const tag of cardImgs.slice(0, 2)) {
      expect(tag).toContain('loading="eager"');
      expect(tag).toContain('fetchPriority="high"');
    }
    for (const tag of cardImgs.slice(2)) {
      expect(tag).toContain('loading="lazy"');
      expect(tag).not.toContain('fetchPriority');
    }
  });

  it('home page cards are all lazy (the hero comes first)', () => {
    const html = render(IndexPage, { cards, canBrowse: true, total: 100 }, false);
    const cardImgs = imgs(html).filter((tag) => tag.includes('cdn.example'));
    expect(cardImgs).toHaveLength(4);
    for (const tag of cardImgs) expect(tag).toContain('loading="lazy"');
  });

  it('profile page: the first photo has every width in every format, its size, and is fetched first', () => {
    const photos = ['p1', 'p2'].map((key, i) => ({ id: key, ...image(key), is_main: i === 0, censored: false }));
    const profile = testProfile(cardWith(9), photos);
    const html = render(MemberProfilePage, { profile, related: [], blockedByMe: false, canBlock: true, like: null });
    const base = 'https://cdn.example/media/p1';
    expect(html).toContain(
      `<source type="image/avif" srcSet="${base}_360.avif 360w, ${base}_720.avif 720w, ${base}_1080.avif 1080w, ${base}.avif 1280w" sizes="(min-width: 1400px) 526px`,
    );
    const main = imgs(html).find((tag) => tag.includes(`src="${base}.jpg"`))!;
    expect(main).toContain(
      `srcSet="${base}_360.jpg 360w, ${base}_720.jpg 720w, ${base}_1080.jpg 1080w, ${base}.jpg 1280w"`,
    );
    expect(main).toMatch(/width="1280" height="960"/);
    expect(main).toContain('loading="eager"');
    expect(main).toContain('fetchPriority="high"');
    // The small photo buttons: square thumbnails at 64 px, lazy.
    const thumb = imgs(html).find((tag) => tag.includes('p2_thumb.jpg'))!;
    expect(thumb).toMatch(/width="64" height="64"/);
    expect(thumb).toContain('sizes="64px"');
    expect(thumb).toContain('loading="lazy"');
  });

  it('a photo not yet backfilled shows its JPEG alone, still with its size', () => {
    const legacy = render(MembersPage, {
      query: {},
      results: [cardWith(7, image('old', 0))],
      numResults: 1,
      page: 1,
      pages: 1,
      similar: [],
      countries: [],
      regions: null,
    });
    const [tag] = imgs(legacy).filter((t) => t.includes('cdn.example'));
    expect(tag).toContain('src="https://cdn.example/media/old_thumb.jpg"');
    expect(tag).not.toContain('srcSet');
    expect(tag).toMatch(/width="320" height="320"/);
    expect(legacy).not.toContain('<source');
  });

  it("landers: the video's slideshow fetches its first photo first at the slide's width, the rest lazily", () => {
    const html = render(LanderPage, { kind: 'video', niche: 1, cards, total: 40 }, false);
    const slides = imgs(html).filter((tag) => tag.includes('cdn.example'));
    expect(slides).toHaveLength(4);
    expect(slides[0]).toContain('src="https://cdn.example/media/k1.jpg"');
    expect(slides[0]).toContain('https://cdn.example/media/k1_360.jpg 360w');
    expect(slides[0]).toContain('sizes="(min-width: 444px) 420px, calc(100vw - 24px)"');
    expect(slides[0]).toContain('fetchPriority="high"');
    for (const tag of slides.slice(1)) expect(tag).toContain('loading="lazy"');
    expect(html).toContain('<source type="image/avif" srcSet="https://cdn.example/media/k1_360.avif 360w');
  });

  it('landers: the square gallery and avatar layouts use the square thumbnails, never the full photo', () => {
    for (const kind of ['gallery', 'collagelanding', 'maplanding']) {
      const html = render(LanderPage, { kind, niche: 1, cards, total: 40 }, false);
      const photos = imgs(html).filter((tag) => tag.includes('cdn.example'));
      expect(photos, kind).toHaveLength(4);
      for (const tag of photos) {
        expect(tag, kind).toContain('_t160.jpg 160w');
        expect(tag, kind).toContain('loading="lazy"');
      }
      expect(html, kind).not.toMatch(/media\/k\d\.jpg/);
    }
  });

  it("a member's landing page fetches the member's photo first, at the column's width", () => {
    const html = render(MemberLandingPage, { card: cardWith(5) }, false);
    const [photo] = imgs(html).filter((tag) => tag.includes('cdn.example'));
    expect(photo).toContain('https://cdn.example/media/k5_720.jpg 720w');
    expect(photo).toContain('sizes="(min-width: 1400px) 530px');
    expect(photo).toContain('fetchPriority="high"');
    expect(photo).toMatch(/width="1280" height="960"/);
  });

  it('the chat list: 48 px avatars from the smallest square thumbnails in AVIF and WebP, lazily', () => {
    const item = {
      conversation: { id: 7, last_message_at: '2026-11-20T10:00:00Z' },
      profile: cardWith(6),
      num_unread_messages: 0,
      last_message: null,
      online: null,
    };
    const html = serverRender(
      () => <ChatListEntry item={item} active={false} onDelete={() => {}} />,
      testRootData(testUser()),
    );
    const base = 'https://cdn.example/media/k6';
    expect(html).toContain(`<source type="image/avif" srcSet="${base}_t160.avif 160w`);
    const [avatar] = imgs(html);
    expect(avatar).toContain(`srcSet="${base}_t160.jpg 160w`);
    expect(avatar).toContain('sizes="48px"');
    expect(avatar).toMatch(/width="48" height="48"/);
    expect(avatar).toContain('loading="lazy"');
  });
});
