import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

const ORIGIN = 'https://amora.example';
const HOME = '/members';

/** The value a page sees for `?redirect=<raw>` (the query as an attacker writes it in a link). */
const fromQuery = (raw: string) => new URLSearchParams(`redirect=${raw}`).get('redirect');

describe('safeRedirect', () => {
  it.each([
    ['/%09/evil.example'],
    ['/%0d%0a//evil.example'],
    ['/%00//evil.example'],
    ['%09//evil.example'],
    ['//evil.example'],
    ['/%5C/evil.example'],
    ['%5C%5Cevil.example'],
    ['/%5Cevil.example'],
    ['https://evil.example'],
    ['http:evil.example'],
    ['http://amora.example'],
    ['https://amora.example@evil.example'],
    ['javascript:alert(1)'],
    ['JaVaScRiPt%3Aalert(1)'],
    ['data:text/html,hi'],
    ['/.//evil.example'],
    ['https://amora.example//evil.example'],
    ['%20//evil.example'],
  ])('sends ?redirect=%s home', (raw) => {
    expect(safeRedirect(fromQuery(raw), ORIGIN, HOME)).toBe(HOME);
  });

  it.each([
    ['/\t/evil.example', HOME],
    ['/\tevil', '/evil'],
    ['\\\\evil', HOME],
    ['/\\evil', HOME],
    ['\\evil', '/evil'],
    ['https:evil.example', '/evil.example'],
    ['//evil', HOME],
    ['https://evil', HOME],
    ['/\r\n//evil', HOME],
    ['javascript:alert(1)', HOME],
    ['/\u0000//evil', HOME],
    ['/chats\r\nSet-Cookie: a=1', '/chatsSet-Cookie:%20a=1'],
    ['/members\u0000', '/members'],
    ['', HOME],
    ['\u0000', HOME],
    [' \t ', HOME],
    [null, HOME],
  ])('judges %j as %s', (value, expected) => {
    expect(safeRedirect(value, ORIGIN, HOME)).toBe(expected);
  });

  it('keeps a path of our own with its query and fragment', () => {
    expect(safeRedirect('/members/12?tab=photos#top', ORIGIN, HOME)).toBe('/members/12?tab=photos#top');
    expect(safeRedirect(fromQuery(encodeURIComponent('/likes/m/7?x=1')), ORIGIN, HOME)).toBe('/likes/m/7?x=1');
    expect(safeRedirect('https://amora.example/chats', ORIGIN, HOME)).toBe('/chats');
  });

  it('never answers with a control character or a second host, whatever the input', () => {
    const parts = ['/', '\\', '//', '\t', '\r', '\n', '\u0000', 'evil.example', '@', ':', '%2F', '.', 'https:'];
    for (const a of parts)
      for (const b of parts)
        for (const c of parts) {
          const out = safeRedirect(a + b + c, ORIGIN, HOME);
          // eslint-disable-next-line no-control-regex
          expect(out, JSON.stringify(a + b + c)).not.toMatch(/[\u0000-\u001F\u007F]/);
          expect(out.startsWith('/') && !out.startsWith('//') && !out.startsWith('/\\')).toBe(true);
          expect(new URL(out, ORIGIN).origin).toBe(ORIGIN);
        }
  });
});
