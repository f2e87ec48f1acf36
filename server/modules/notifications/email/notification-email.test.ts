import PostalMime from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TTestSmtp } from '#server/test/smtp-server.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import type { TActor, TNotificationContent, TNotificationDelivery } from '../notifier/content.ts';
import { notificationMessageId, renderNotificationEmail, sendNotificationEmail } from './notification-email.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

// Email: one template per kind in the member's language, HTML and text, the actor's name and photo, the
// fictional warning, the footer with its links, and the RFC 8058 headers with a deterministic Message-ID.

const site = { id: 1, name: 'Amora', domain: 'amora.test', mailName: 'Amora', supportEmail: 'support@amora.test' };
const links = {
  open: 'https://amora.test/chats/7',
  unsubscribe: 'https://amora.test/unsubscribe?token=abc',
  settings: 'https://amora.test/notifications',
};
const actor = (over: Partial<TActor> = {}): TActor => ({
  profileId: 42,
  name: 'Annika',
  age: 31,
  city: 'Köln',
  photoUrl: 'https://amora.test/cdn/42.jpg',
  fictional: false,
  ...over,
});
const delivery = (content: TNotificationContent, locale = 'en'): TNotificationDelivery => ({
  content,
  locale,
  site,
  fictionalWarning: 'FICTIONAL-WARNING-TEXT',
  badge: 0,
});

const CONTENTS: TNotificationContent[] = [
  { kind: 'new_conversations', actor: actor(), conversationId: 7 },
  { kind: 'new_messages', actor: actor(), conversationId: 7 },
  { kind: 'like', actor: actor(), match: false },
  { kind: 'like', actor: actor(), match: true },
  { kind: 'unread_message_reminders', unread: 3, actor: actor(), conversationId: 7 },
  { kind: 'unread_message_reminders', unread: 1, actor: null, conversationId: null },
  { kind: 'weekly_updates', members: [actor(), actor({ profileId: 43, name: 'Britta', photoUrl: null })] },
  { kind: 'reminders', reminder: 'activation', link: 'https://amora.test/activate?token=xyz' },
  { kind: 'reminders', reminder: 'photo' },
  { kind: 'reminders', reminder: 'profile' },
  {
    kind: 'promotions',
    title: 'Half price <today>',
    body: 'First line.\n\nSecond & last.',
    url: 'https://amora.test/credits',
  },
  { kind: 'news', title: 'What is new', body: 'A new feature.', url: 'https://amora.test/' },
];

describe('renderNotificationEmail', () => {
  for (const locale of ['en', 'de', 'pl']) {
    it(`renders every kind in ${locale} with no missing key, the footer and both parts`, () => {
      for (const content of CONTENTS) {
        const mail = renderNotificationEmail(delivery(content, locale), links);
        for (const part of [mail.subject, mail.html, mail.text]) {
          expect(part).not.toMatch(/notifications\.email\.|email\.link_hint|undefined|\{\{/);
        }
        expect(mail.subject.length).toBeGreaterThan(3);
        expect(mail.html).toContain(`lang="${locale}"`);
        expect(mail.html).toContain('href="https://amora.test/unsubscribe?token=abc"');
        expect(mail.html).toContain('href="https://amora.test/notifications"');
        expect(mail.text).toContain('https://amora.test/unsubscribe?token=abc');
        expect(mail.text).toContain('https://amora.test/notifications');
        expect(mail.text).toContain('Amora (amora.test)');
        expect(mail.html).not.toContain('FICTIONAL-WARNING-TEXT');
      }
    });
  }

  it('names the sender with photo (alt = name, width 96) and links to the conversation', () => {
    const mail = renderNotificationEmail(delivery({ kind: 'new_messages', actor: actor(), conversationId: 7 }), links);
    expect(mail.subject).toBe('New message from Annika');
    expect(mail.html).toContain('<img src="https://amora.test/cdn/42.jpg" alt="Annika" width="96"');
    expect(mail.html).toContain('href="https://amora.test/chats/7"');
    expect(mail.text).toContain('Annika, 31 · Köln');
    expect(mail.text).toContain('Open the conversation: https://amora.test/chats/7');
    expect(mail.text).toContain('You get this email because email notifications about new messages are on');
  });

  it('is in the member’s language, with plurals', () => {
    const de = renderNotificationEmail(delivery({ kind: 'like', actor: actor(), match: true }, 'de'), links);
    expect(de.subject).toBe('Es ist ein Match: du und Annika');
    expect(de.text).toContain('Diese E-Mails abbestellen: https://amora.test/unsubscribe?token=abc');
    const one = renderNotificationEmail(
      delivery({ kind: 'unread_message_reminders', unread: 1, actor: null, conversationId: null }),
      links,
    );
    expect(one.subject).toBe('You have 1 unread message');
    const pl = renderNotificationEmail(
      delivery({ kind: 'unread_message_reminders', unread: 5, actor: null, conversationId: null }, 'pl'),
      links,
    );
    expect(pl.subject).toBe('Masz 5 nieprzeczytanych wiadomości');
  });

  it('carries the fictional warning for a fictional actor, and for a digest with one', () => {
    const liked = renderNotificationEmail(
      delivery({ kind: 'like', actor: actor({ fictional: true }), match: false }),
      links,
    );
    expect(liked.html).toContain('FICTIONAL-WARNING-TEXT');
    expect(liked.text).toContain('FICTIONAL-WARNING-TEXT');
    const digest = renderNotificationEmail(
      delivery({ kind: 'weekly_updates', members: [actor(), actor({ profileId: 9, fictional: true })] }),
      links,
    );
    expect(digest.html).toContain('FICTIONAL-WARNING-TEXT');
  });

  it('lists at most 6 members in the weekly digest, each linked to their profile', () => {
    const members = Array.from({ length: 8 }, (_, i) => actor({ profileId: 100 + i, name: `M${i}` }));
    const mail = renderNotificationEmail(delivery({ kind: 'weekly_updates', members }), {
      ...links,
      open: 'https://amora.test/members',
    });
    expect(mail.subject).toBe('8 new members for you this week');
    for (let i = 0; i < 6; i++) expect(mail.html).toContain(`href="https://amora.test/members/${100 + i}"`);
    expect(mail.html).not.toContain('/members/106');
    expect(mail.text.match(/^- /gm)).toHaveLength(6);
  });

  it('escapes promotion text and keeps its paragraphs; the activation reminder links to its fresh link', () => {
    const promo = renderNotificationEmail(delivery(CONTENTS[10]), { ...links, open: 'https://amora.test/credits' });
    expect(promo.subject).toBe('Half price <today>');
    expect(promo.html).toContain('Half price &lt;today&gt;');
    expect(promo.html).toContain('<p>First line.</p><p>Second &amp; last.</p>');
    const activation = renderNotificationEmail(delivery(CONTENTS[7]), {
      ...links,
      open: 'https://amora.test/settings',
    });
    expect(activation.html).toContain('href="https://amora.test/activate?token=xyz"');
  });
});

/** SpamAssassin's HTML_IMAGE_ONLY_* rules score an HTML part with an image and at most this many characters. */
const IMAGE_ONLY_MAX_HTML = 3200;
/** Words of visible text an email about a member carries at least, besides its photo. */
const MIN_VISIBLE_WORDS = 150;

/** The text a reader sees in an HTML part: each block (heading, paragraph, list item, cell) unescaped. */
function visibleBlocks(html: string): string[] {
  const unescape = (s: string) =>
    s
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  const body = html.replace(/<title>[\s\S]*?<\/title>/, '');
  return [...body.matchAll(/<(h1|h2|p|li|strong)\b[^>]*>([\s\S]*?)<\/\1>/g)]
    .map((m) => unescape(m[2].replace(/<br>/g, '\n').replace(/<[^>]+>/g, '')).trim())
    .filter(Boolean);
}

describe('emails about a member carry enough text (SpamAssassin HTML_IMAGE_ONLY_24 scored them 2.8)', () => {
  const ABOUT_A_MEMBER = CONTENTS.filter(
    (c) =>
      ['new_conversations', 'new_messages', 'like'].includes(c.kind) ||
      (c.kind === 'unread_message_reminders' && c.actor),
  );
  for (const locale of ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv']) {
    it(`${locale}: the photo comes with at least ${MIN_VISIBLE_WORDS} words, and the text part says the same`, () => {
      expect(ABOUT_A_MEMBER).toHaveLength(5);
      for (const content of ABOUT_A_MEMBER) {
        const label = `${locale} ${content.kind}${'match' in content && content.match ? ' match' : ''}`;
        const mail = renderNotificationEmail(delivery(content, locale), links);
        expect(mail.html, label).toContain('<img ');
        expect(mail.html.length, label).toBeGreaterThan(IMAGE_ONLY_MAX_HTML);
        const blocks = visibleBlocks(mail.html);
        const words = blocks.join(' ').split(/\s+/).filter(Boolean).length;
        expect(words, label).toBeGreaterThanOrEqual(MIN_VISIBLE_WORDS);
        // The HTML's "if the button does not work, copy this link" is the text part's `label: link` line.
        for (const block of blocks.filter((b) => !b.includes(links.open))) expect(mail.text, label).toContain(block);
      }
    });
  }
});

describe('sendNotificationEmail over SMTP', () => {
  let smtp: TTestSmtp;
  let t: TTestApp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends List-Unsubscribe (https + mailto), One-Click, a deterministic Message-ID, Auto-Submitted and Content-Language', async () => {
    const req = {
      delivery: delivery({ kind: 'like', actor: actor(), match: false }, 'de'),
      to: 'member@example.com',
      userId: 77,
      eventKey: 'like:42:77:1700000000',
      origin: 'https://amora.test',
    };
    await sendNotificationEmail(t.services.mailer, req);
    await sendNotificationEmail(t.services.mailer, req);
    expect(smtp.received).toHaveLength(2);
    const [first, again] = await Promise.all(smtp.received.map((raw) => PostalMime.parse(raw)));
    const header = (name: string) => first.headers.find((h) => h.key === name)?.value ?? '';
    const listUnsubscribe = header('list-unsubscribe');
    const match =
      /^<https:\/\/amora\.test\/unsubscribe\?token=([\w.-]+)>, <mailto:support@amora\.test\?subject=unsubscribe%20([\w.-]+)>$/.exec(
        listUnsubscribe.replace(/\s+/g, ' '),
      );
    expect(match, listUnsubscribe).not.toBeNull();
    expect(match![1]).toBe(match![2]);
    const claim = verifyUnsubscribeToken(await t.services.mailer.listUnsubscribeKey(), match![1], new Date());
    expect(claim).toMatchObject({ userId: 77, scope: 'like' });
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header('auto-submitted')).toBe('auto-generated');
    expect(header('content-language')).toBe('de');
    const id = notificationMessageId(req.eventKey, 77, 'amora.test');
    expect(id).toMatch(/^<notify-[0-9a-f]{32}@amora\.test>$/);
    expect(first.messageId).toBe(id);
    expect(again.messageId).toBe(id);
    expect(first.subject).toBe('Annika mag dich');
    expect(first.text).toContain(`https://amora.test/unsubscribe?token=${match![1]}`);
    expect(first.html).toContain('alt="Annika"');
  });

  it('throws a permanent error on a 5xx answer', async () => {
    smtp.refuseWith = 550;
    try {
      await expect(
        sendNotificationEmail(t.services.mailer, {
          delivery: delivery({ kind: 'reminders', reminder: 'photo' }),
          to: 'gone@example.com',
          userId: 78,
          eventKey: 'reminder:photo:78:1',
          origin: 'https://amora.test',
        }),
      ).rejects.toMatchObject({ name: 'PermanentJobError' });
    } finally {
      smtp.refuseWith = null;
    }
  });
});
