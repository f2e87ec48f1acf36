import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_SESSION_ENDED } from '#common/realtime.ts';
import { endpointUrl } from '#common/endpoint.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { sessionsApi, type TEndSessionsQuery } from '#common/wire/sessions.ts';
import { sessions } from '#server/db/schema/index.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildMember, CLIENT, type TTestMember } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { closeCode, openSocket } from '#server/test/sockets.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TTestApp;
let base: string;
let clock = new Date('2026-11-25T12:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock, env: { GEOIP_HEADER: 'x-test-country' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

/** Logs the member in again from another device; returns that session's cookie. */
async function login(m: TTestMember, userAgent: string, country: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { ...CLIENT, 'user-agent': userAgent, 'x-test-country': country },
    remoteAddress: '203.0.113.77',
    payload: { email: m.form.email, password: m.form.password },
  });
  expect(res.statusCode).toBe(200);
  return { 'auth.session': res.cookies.find((c) => c.name === 'auth.session')!.value };
}

const list = async (cookie: Record<string, string>, locale = 'en') => {
  const res = await asMember(t.app, cookie).call(sessionsApi.list, undefined, { cookies: { i18n_redirected: locale } });
  expect(res.status).toBe(200);
  return res.body.sessions;
};

const end = (cookie: Record<string, string>, query: TEndSessionsQuery) =>
  asMember(t.app, cookie).call(sessionsApi.end, query);

const isLoggedIn = async (cookie: Record<string, string>) =>
  (await asMember(t.app, cookie).call(accountsApi.current)).status === 200;

describe('active sessions', () => {
  it('lists two sessions after two logins: browser, OS, country, last active, this one marked', async () => {
    const m = await buildMember(t);
    const firefox = await login(m, FIREFOX, 'DE');
    const iphone = await login(m, IPHONE, 'NL');
    const seen = await list(iphone);
    // The signup's session and the two logins.
    expect(seen).toHaveLength(3);
    const mine = seen.filter((s) => s.current);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ browser: 'Safari 17', os: 'iOS 17.5', device: 'mobile', country: 'NL' });
    expect(mine[0].country_name).toBe('Netherlands');
    expect(seen.find((s) => s.browser === 'Firefox 128')).toMatchObject({
      os: 'Windows 10',
      device: 'desktop',
      country: 'DE',
      current: false,
      last_active: clock.toISOString(),
    });
    // Country names follow the member's language.
    expect((await list(firefox, 'de')).find((s) => s.current)?.country_name).toBe('Deutschland');
  });

  it('stores the truncated address, never the exact one', async () => {
    const m = await buildMember(t);
    const cookie = await login(m, FIREFOX, 'DE');
    const [row] = await t.services.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(cookie['auth.session'])));
    expect(row.ipPrefix).toBe('203.0.113.0/24');
    expect(JSON.stringify(row)).not.toContain('203.0.113.77');
  });

  it('public ids are neither the stored hash nor the token', async () => {
    const m = await buildMember(t);
    const other = await login(m, FIREFOX, 'DE');
    const rows = await t.services.database.db.select().from(sessions).where(eq(sessions.userId, m.user.id));
    const ids = (await list(m.cookie)).map((s) => s.id);
    expect(ids).toHaveLength(2);
    const secrets = [...rows.map((r) => r.id), m.cookie['auth.session'], other['auth.session']];
    for (const id of ids) expect(secrets.some((secret) => secret.includes(id) || id.includes(secret))).toBe(false);
  });

  it('lists a session begun before last active was recorded by its start, after the ones used since', async () => {
    const m = await buildMember(t);
    const legacy = await login(m, FIREFOX, 'DE');
    await t.services.database.db
      .update(sessions)
      .set({ lastSeenAt: null, createdAt: new Date(clock.getTime() - 86_400_000) })
      .where(eq(sessions.id, hashToken(legacy['auth.session'])));
    const seen = await list(m.cookie);
    expect(seen.map((s) => s.browser)).toEqual([null, 'Firefox 128']);
    expect(seen[1].last_active).toBe(new Date(clock.getTime() - 86_400_000).toISOString());
  });

  it('updates last active at most every 5 minutes', async () => {
    const m = await buildMember(t);
    const started = clock;
    const lastActive = async () => (await list(m.cookie)).find((s) => s.current)!.last_active;
    expect(await lastActive()).toBe(started.toISOString());
    clock = new Date(started.getTime() + 4 * 60_000);
    expect(await lastActive()).toBe(started.toISOString());
    clock = new Date(started.getTime() + 6 * 60_000);
    expect(await lastActive()).toBe(clock.toISOString());
  });

  it('ending the other session deletes it, closes its socket (4401) and logs its next request out', async () => {
    const m = await buildMember(t);
    const other = await login(m, FIREFOX, 'DE');
    const socket = await openSocket(base, other);
    const stays = await openSocket(base, m.cookie);
    const closed = closeCode(socket);
    const target = (await list(m.cookie)).find((s) => !s.current)!;
    const res = await end(m.cookie, { id: target.id });
    expect(res.status).toBe(200);
    expect(res.body.sessions.map((s) => s.id)).not.toContain(target.id);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect(await isLoggedIn(other)).toBe(false);
    expect(await isLoggedIn(m.cookie)).toBe(true);
    expect(stays.raw.readyState).toBe(stays.raw.OPEN);
    stays.close();
  });

  it('another member cannot end a session that is not theirs', async () => {
    const anna = await buildMember(t);
    const ben = await buildMember(t);
    const annaId = (await list(anna.cookie))[0].id;
    expect((await end(ben.cookie, { id: annaId })).status).toBe(404);
    expect(await isLoggedIn(anna.cookie)).toBe(true);
    expect((await end(ben.cookie, { id: 'unknown' })).status).toBe(404);
  });

  it('"log out all others" keeps the current session only', async () => {
    const m = await buildMember(t);
    const a = await login(m, FIREFOX, 'DE');
    const b = await login(m, IPHONE, 'NL');
    const socket = await openSocket(base, a);
    const closed = closeCode(socket);
    const res = await end(b, { others: '1' });
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([expect.objectContaining({ current: true, browser: 'Safari 17' })]);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
    expect(await isLoggedIn(a)).toBe(false);
    expect(await isLoggedIn(m.cookie)).toBe(false);
    expect(await isLoggedIn(b)).toBe(true);
  });

  it('ending the current session logs this device out', async () => {
    const m = await buildMember(t);
    const mine = (await list(m.cookie)).find((s) => s.current)!;
    const res = await end(m.cookie, { id: mine.id });
    expect(res.status).toBe(200);
    expect(res.cookies.find((c) => c.name === 'auth.session')?.value).toBe('');
    expect(await isLoggedIn(m.cookie)).toBe(false);
  });

  it('needs a login and our own origin', async () => {
    expect((await asVisitor(t.app).call(sessionsApi.list)).status).toBe(403);
    const m = await buildMember(t);
    const crossSite = await t.app.inject({
      method: 'DELETE',
      url: endpointUrl(sessionsApi.end, { others: '1' }),
      headers: { host: 'localhost', origin: 'https://evil.example' },
      cookies: m.cookie,
    });
    expect(crossSite.statusCode).toBe(403);
  });
});
