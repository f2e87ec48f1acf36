import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountChangesApi } from '#common/wire/accounts.ts';
import { CLIENT } from '../test/factories.ts';
import { asVisitor } from '../test/member-client.ts';
import { startTestRedis, type TTestRedis } from '../test/redis-server.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { createRateLimiter, inboxKey, OPERATION_LIMITS } from './rate-limit.ts';

/** Captures the app's JSON log lines. */
function captureLines() {
  const lines: { msg?: string; level?: number }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('one limiter keyed by operation and subject', () => {
  it('counts each subject in fixed windows and answers the seconds left', async () => {
    let at = 1_000;
    const limiter = createRateLimiter({ enabled: true, now: () => at });
    const [{ max, windowMs }] = OPERATION_LIMITS.login;
    for (let i = 0; i < max; i++) await limiter.consume('login', '203.0.113.1');
    at += 10_000;
    const over = await limiter.consume('login', '203.0.113.1').catch((e: unknown) => e);
    expect(over).toMatchObject({ code: 'rate_limited', status: 429 });
    // The window began with the first use.
    expect((over as { data: { retry_after: number } }).data.retry_after).toBe((windowMs - 10_000) / 1000);
    await expect(limiter.consume('login', '203.0.113.2')).resolves.toBeUndefined();
    at = 1_000 + windowMs;
    await expect(limiter.consume('login', '203.0.113.1')).resolves.toBeUndefined();
  });

  it('a daily cap counts per member and UTC day, whatever RATE_LIMITS says', async () => {
    let at = Date.UTC(2026, 0, 1, 23, 0);
    const limiter = createRateLimiter({ enabled: false, now: () => at });
    for (let i = 0; i < 3; i++) await limiter.consumeDaily('like', 7, 3);
    const over = await limiter.consumeDaily('like', 7, 3).catch((e: unknown) => e);
    expect(over).toMatchObject({ code: 'daily_limit_reached', data: { limit: 3, retry_after: 3600 } });
    await expect(limiter.consumeDaily('like', 8, 3)).resolves.toBeUndefined();
    at = Date.UTC(2026, 0, 2, 0, 0, 1);
    await expect(limiter.consumeDaily('like', 7, 3)).resolves.toBeUndefined();
  });
});

describe('mail-bombing: one budget per inbox', () => {
  it('normalizes case, plus-tags on any domain, gmail dots and googlemail', () => {
    const victim = inboxKey('victim@gmail.com');
    for (const variant of [
      'Victim@Gmail.com',
      'victim+1@gmail.com',
      'V.i.c.t.i.m@gmail.com',
      'v.ictim+news@googlemail.com',
      '  VICTIM@GMAIL.COM ',
    ]) {
      expect(inboxKey(variant), variant).toBe(victim);
    }
    expect(inboxKey('anna+1@example.com')).toBe(inboxKey('Anna+2@Example.com'));
    expect(inboxKey('anna+1@example.com')).toBe(inboxKey('anna@example.com'));
    // Dots count where the provider does not ignore them.
    expect(inboxKey('a.nna@example.com')).not.toBe(inboxKey('anna@example.com'));
    expect(inboxKey('victim@example.com')).not.toBe(victim);
  });

  it('signup, email change and reset to variants of one inbox share its budget; another inbox is unaffected', async () => {
    const limiter = createRateLimiter({ enabled: true });
    const [{ max }] = OPERATION_LIMITS.inbox_email;
    const variants = ['victim+1@gmail.com', 'V.i.c.t.i.m@gmail.com', 'victim+2@googlemail.com', 'VICTIM@gmail.com'];
    const operations = ['signup', 'mail_change', 'password_reset_email', 'reactivation_email'] as const;
    for (let i = 0; i < max; i++) await limiter.consumeTarget(operations[i % 4], variants[i % 4]);
    for (const [i, op] of operations.entries()) {
      await expect(limiter.consumeTarget(op, `victim+${10 + i}@gmail.com`)).rejects.toMatchObject({
        code: 'rate_limited',
      });
    }
    await expect(limiter.consumeTarget('signup', 'victim@example.com')).resolves.toBeUndefined();
    await expect(limiter.consumeTarget('mail_change', 'other.person@gmail.com')).resolves.toBeUndefined();
  });

  it('through the API: victim+1..+N signups and email changes stop at the inbox budget', async () => {
    const t = await buildTestApp({ env: { RATE_LIMITS: 'true' } });
    try {
      const [{ max }] = OPERATION_LIMITS.inbox_email;
      let ip = 0;
      const requestReset = (email: string) =>
        asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email }, { remoteAddress: `10.28.0.${++ip}` });
      const statuses: number[] = [];
      for (let i = 1; i <= max + 2; i++) {
        statuses.push((await requestReset(`Victim+${i}@gmail.com`)).status);
      }
      expect(statuses).toEqual([...Array(max).fill(204), 429, 429]);
      expect((await requestReset('v.i.c.t.i.m@googlemail.com')).status).toBe(429);
      expect((await requestReset('someone.else@gmail.com')).status).toBe(204);
      await t.services.settleJobs();
    } finally {
      await t.close();
    }
  });
});

describe('across processes: two apps on one Redis share the counts', () => {
  let redis: TTestRedis;
  let a: TTestApp;
  let b: TTestApp;
  const captured = captureLines();
  beforeAll(async () => {
    redis = await startTestRedis();
    const limiterNamespace = randomBytes(6).toString('hex');
    const env = { RATE_LIMITS: 'true', REDIS_URL: redis.url, LOG_LEVEL: 'info' };
    a = await buildTestApp({ env, limiterNamespace, logDestination: captured.stream });
    b = await buildTestApp({ env, limiterNamespace });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.kill();
  });

  const reset = (t: TTestApp, ip: string, n: number) =>
    asVisitor(t.app).call(
      accountChangesApi.requestPasswordReset,
      { email: `cross-${n}-${randomBytes(3).toString('hex')}@example.com` },
      { remoteAddress: ip },
    );

  it('a budget spent on one app is spent on the other; another IP is unaffected', async () => {
    const [{ max }] = OPERATION_LIMITS.password_reset_email;
    for (let i = 0; i < max; i++) expect((await reset(i % 2 ? a : b, '198.51.100.7', i)).status).toBe(204);
    const over = await reset(b, '198.51.100.7', max);
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await reset(a, '198.51.100.7', max + 1)).status).toBe(429);
    expect((await reset(a, '198.51.100.8', 0)).status).toBe(204);
    await a.services.settleJobs();
    await b.services.settleJobs();
  });

  it("@fastify/rate-limit's route limits count across the apps too", async () => {
    const missing = (t: TTestApp) =>
      t.app.inject({ url: '/api/no-such-endpoint.php', headers: CLIENT, remoteAddress: '198.51.100.20' });
    const statuses: number[] = [];
    // The not-found handler allows 60 a minute per IP (server/app.ts).
    for (let i = 0; i < 60; i++) statuses.push((await missing(i % 2 ? a : b)).statusCode);
    expect(statuses).toEqual(Array(60).fill(404));
    const over = await missing(a);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('Redis down: requests are still answered (memory counts, never a 500), the outage logged once', async () => {
    await redis.kill();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await reset(a, '198.51.100.9', i)).status);
    expect(statuses).toEqual([204, 204, 204]);
    // The memory counters still limit this process.
    const [{ max }] = OPERATION_LIMITS.password_reset_email;
    for (let i = 3; i < max; i++) expect((await reset(a, '198.51.100.9', i)).status).toBe(204);
    expect((await reset(a, '198.51.100.9', max)).status).toBe(429);
    const outages = captured.lines.filter((l) => l.msg?.startsWith('rate limits: redis unavailable'));
    expect(outages).toHaveLength(1);
    await a.services.settleJobs();
  });
});
