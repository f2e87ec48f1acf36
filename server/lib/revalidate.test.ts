import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, activeMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { tagMatches } from './route.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: Record<string, string>, ifNoneMatch?: string) =>
  t.app.inject({
    url,
    headers: { ...CLIENT, ...(ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {}) },
    cookies: cookie,
  });

describe('polled answers are revalidated (issue 32: ETag and 304)', () => {
  it.each(['/api/user.php', '/api/chats.php', '/api/likes.php'])(
    '%s: tagged, private no-cache, 304 with no body while unchanged, 200 with a new tag once it changed',
    async (url) => {
      const anna = await activeMember(t, { gender: 'female', looking_for: 'male' }, { credits: 50 });
      const ben = await activeMember(t, { gender: 'male', looking_for: 'female' }, { credits: 50 });
      const first = await get(url, anna.cookie);
      expect(first.statusCode).toBe(200);
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^"[\w-]{27}"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await get(url, anna.cookie, tag);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);
      // A weak form of the tag and a list naming it match too; another tag does not.
      expect((await get(url, anna.cookie, `"x", W/${tag}`)).statusCode).toBe(304);
      expect((await get(url, anna.cookie, '"other"')).statusCode).toBe(200);
      // The tag is of the content: another member's user answer is another answer (two empty lists are the same).
      if (url === '/api/user.php') {
        const bens = await get(url, ben.cookie);
        expect(bens.headers.etag).not.toBe(tag);
        expect((await get(url, anna.cookie, bens.headers.etag as string)).statusCode).toBe(200);
      }

      // Ben writes to Anna and likes her: her user (credits, counts), chats and likes change.
      const send = await t.app.inject({
        method: 'POST',
        url: '/api/chat.php',
        headers: CLIENT,
        cookies: ben.cookie,
        payload: { profile_id: anna.user.profile.id, text: 'Hi Anna' },
      });
      expect(send.statusCode).toBe(200);
      const liked = await t.app.inject({
        method: 'POST',
        url: '/api/like.php',
        headers: CLIENT,
        cookies: ben.cookie,
        payload: { profile_id: anna.user.profile.id },
      });
      expect(liked.statusCode).toBe(200);
      if (url === '/api/user.php') {
        // Her own answer changes when she spends credits (a message to Ben).
        await t.app.inject({
          method: 'POST',
          url: '/api/chat.php',
          headers: CLIENT,
          cookies: anna.cookie,
          payload: { profile_id: ben.user.profile.id, text: 'Hi Ben' },
        });
      }
      const changed = await get(url, anna.cookie, tag);
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(tag);
      expect(changed.json()).toBeTruthy();
    },
  );

  it('a visitor is refused as before, without a tag', async () => {
    const res = await get('/api/chats.php', {});
    expect(res.statusCode).toBe(403);
    expect(res.headers.etag).toBeUndefined();
  });

  it('compares If-None-Match as RFC 9110 says for GET', () => {
    expect(tagMatches(undefined, '"a"')).toBe(false);
    expect(tagMatches('*', '"a"')).toBe(true);
    expect(tagMatches('"b", "a"', '"a"')).toBe(true);
    expect(tagMatches('W/"a"', '"a"')).toBe(true);
    expect(tagMatches('"ab"', '"a"')).toBe(false);
  });
});
