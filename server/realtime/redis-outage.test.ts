import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../db/schema/index.ts';
import { chatApi } from '#common/wire/chat.ts';
import { activeMember } from '../test/factories.ts';
import { asMember } from '../test/member-client.ts';
import { startTestRedis, type TTestRedis } from '../test/redis-server.ts';
import { openSocket } from '../test/sockets.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

/**
 * The app on its own private Redis, which the tests stop and pause. A send answers at once and is
 * stored whatever Redis does, /readyz names the failing check within a second, and every open socket is told to
 * resync (hello) once Redis is back.
 */
let redis: TTestRedis;
let t: TTestApp;
let base: string;
beforeAll(async () => {
  redis = await startTestRedis();
  t = await buildTestApp({ env: { REDIS_URL: redis.url } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  await redis?.kill();
});

/** Sends one message and returns how long the answer took and whether the message is stored. */
async function timedSend(cookie: Record<string, string>, to: number, text: string) {
  const started = performance.now();
  const res = await asMember(t.app, cookie).call(chatApi.send, { profile_id: to, text });
  const ms = performance.now() - started;
  expect(res.status).toBe(200);
  const { id } = res.body.message;
  const stored = await t.services.database.db.select().from(messages).where(eq(messages.id, id));
  return { ms, stored: stored.length === 1 && stored[0].body === text };
}

async function readyz() {
  const started = performance.now();
  const res = await t.app.inject({ url: '/readyz' });
  return { ms: performance.now() - started, status: res.statusCode, body: res.json() };
}

describe('a Redis outage during sends', () => {
  it.each([
    ['stopped', () => redis.kill(), () => redis.start()],
    ['hung (SIGSTOP)', async () => redis.pause(), async () => redis.resume()],
  ] as const)('Redis %s: sends answer at once and are stored; sockets resync when it is back', async (_, down, up) => {
    const anna = await activeMember(t, {}, { credits: 500 });
    const ben = await activeMember(t, {}, { credits: 100 });
    const benSocket = await openSocket(base, ben.cookie);
    expect((await timedSend(anna.cookie, ben.user.profile.id, 'before')).stored).toBe(true);
    await benSocket.next('message');

    await down();
    for (let n = 0; n < 10; n += 1) {
      const { ms, stored } = await timedSend(anna.cookie, ben.user.profile.id, `during ${n}`);
      expect(stored).toBe(true);
      expect(ms).toBeLessThan(500);
    }
    const ready = await readyz();
    expect(ready.ms).toBeLessThan(1000);
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.checks.database).toBe('ok');
    expect(['timeout', 'error']).toContain(ready.body.checks.realtime);

    // The hub knows of the outage (a hang is noticed when a publish or ping times out) before Redis comes back.
    await expect.poll(async () => (await readyz()).body.checks.realtime, { timeout: 3000, interval: 50 }).toBe('error');
    await up();
    // The second hello: the client reloads what it missed.
    await benSocket.next('hello');
    expect(benSocket.events.filter((e) => e.type === 'hello')).toHaveLength(2);
    expect((await readyz()).body).toEqual({ status: 'ok', checks: { database: 'ok', realtime: 'ok' } });
    // Live again.
    await timedSend(anna.cookie, ben.user.profile.id, 'after');
    await expect
      .poll(() => benSocket.events.some((e) => e.type === 'message' && e.message.text === 'after'))
      .toBe(true);
    benSocket.close();
  });
});
