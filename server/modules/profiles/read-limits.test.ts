import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchApi } from '#common/wire/search.ts';
import { OPERATION_LIMITS } from '#server/lib/rate-limit.ts';
import { activeMember, type TTestMember } from '#server/test/factories.ts';
import { asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

/**
 * Scraping: profile and search reads are limited per visitor IP and per member, generous for people and
 * tight for scripts. A window starts with the subject's first read, so each burst below stays within one.
 */
let t: TTestApp;
let target: TTestMember;
let ipCount = 0;
const freshIp = () => `10.28.${Math.floor(++ipCount / 250)}.${(ipCount % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp({ web: true, env: { RATE_LIMITS: 'true' } });
  target = await activeMember(t);
});
afterAll(async () => {
  await t?.close();
});

const readProfile = (ip: string, cookies?: Record<string, string>) =>
  t.app.inject({
    url: `/members/${target.user.profile.id}.data`,
    headers: { host: 'localhost' },
    cookies,
    remoteAddress: ip,
  });

describe('profile reads (/members/{id} and .data)', () => {
  it('a visitor IP gets its budget a minute, then 429 with retry-after; another IP is unaffected', async () => {
    const [{ max }] = OPERATION_LIMITS.profile_read_visitor;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await readProfile('203.0.113.50')).statusCode);
    expect(statuses).toEqual(Array(max).fill(200));
    const over = await readProfile('203.0.113.50');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await readProfile('203.0.113.51')).statusCode).toBe(200);
    // The page itself: 429 with the localized 'slow down' page.
    const page = await t.app.inject({
      url: `/members/${target.user.profile.id}`,
      headers: { host: 'localhost', accept: 'text/html' },
      cookies: { i18n_redirected: 'de' },
      remoteAddress: '203.0.113.50',
    });
    expect(page.statusCode).toBe(429);
    expect(page.body).toContain('Etwas langsamer bitte');
  });

  it("a member's budget holds whatever IPs they rotate through", async () => {
    const reader = await activeMember(t);
    const [{ max }] = OPERATION_LIMITS.profile_read;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await readProfile(freshIp(), reader.cookie)).statusCode);
    expect(statuses).toEqual(Array(max).fill(200));
    expect((await readProfile(freshIp(), reader.cookie)).statusCode).toBe(429);
    // Another member on the same kind of fresh IP is not affected.
    const other = await activeMember(t);
    expect((await readProfile(freshIp(), other.cookie)).statusCode).toBe(200);
  });
});

describe('search reads', () => {
  it('/api/search.php: a visitor IP gets its budget, then 429 with retry-after; another IP is unaffected', async () => {
    const search = (ip: string) => asVisitor(t.app).call(searchApi.search, { page: 1 }, { remoteAddress: ip });
    const [{ max }] = OPERATION_LIMITS.search_read_visitor;
    const statuses: number[] = [];
    for (let i = 0; i < max; i++) statuses.push((await search('203.0.113.60')).status);
    expect(statuses).toEqual(Array(max).fill(200));
    const over = await search('203.0.113.60');
    expect(over.status).toBe(429);
    expect(over.error?.error).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await search('203.0.113.61')).status).toBe(200);
    // The members page shares the budget.
    const page = await t.app.inject({
      url: '/members.data',
      headers: { host: 'localhost' },
      remoteAddress: '203.0.113.60',
    });
    expect(page.statusCode).toBe(429);
  });
});
