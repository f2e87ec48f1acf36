import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { freePort, startBlackhole, startTestRedis, type TTestRedis } from '../test/redis-server.ts';
import { createLocalHub, type TRealtimeEvent, type TRealtimeHub } from './hub.ts';
import { createRedisHub } from './redis-hub.ts';

/** Resolves when `condition` holds (checked every 10 ms), rejects after `ms`. */
const until = (condition: () => boolean, what: string, ms = 8000) =>
  new Promise<void>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (condition()) resolve();
      else if (Date.now() - started > ms) reject(new Error(`timed out waiting for ${what}`));
      else setTimeout(poll, 10);
    };
    poll();
  });

const next = async (events: TRealtimeEvent[], count = 1) => {
  await until(() => events.length >= count, 'an event', 3000);
  return events[count - 1];
};

/** A logger that keeps what the hub logs. */
function testLog() {
  const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      lines.push({ level, msg: msg ?? String(obj), obj: typeof obj === 'object' && obj ? (obj as never) : {} });
    };
  const log = { error: at('error'), warn: at('warn'), info: at('info'), debug: at('debug') } as never;
  return { log, lines, count: (text: string) => lines.filter((l) => l.msg.startsWith(text)).length };
}

/** Times a call. */
async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

describe('realtime hub', () => {
  it('delivers locally and stops after unsubscribe', async () => {
    const hub = createLocalHub();
    const got: TRealtimeEvent[] = [];
    const off = await hub.subscribe('user:1', (e) => got.push(e));
    await hub.publish('user:1', { type: 'message', id: 7 });
    await hub.publish('user:2', { type: 'message', id: 8 });
    expect(got).toEqual([{ type: 'message', id: 7 }]);
    await off();
    await hub.publish('user:1', { type: 'message', id: 9 });
    expect(got).toHaveLength(1);
  });

  const { redisUrl } = loadConfig();
  it.skipIf(!redisUrl)('delivers across two processes through Redis', async () => {
    const a = await createRedisHub(redisUrl!, { log: testLog().log });
    const b = await createRedisHub(redisUrl!, { log: testLog().log });
    const channel = `test:${Date.now()}`;
    const got: TRealtimeEvent[] = [];
    const off = await b.subscribe(channel, (e) => got.push(e));
    await a.publish(channel, { type: 'typing', conversation: 3 });
    expect(await next(got)).toEqual({ type: 'typing', conversation: 3 });
    await off();
    await a.close();
    await b.close();
  });
});

/** Each test owns a private redis-server and stops, pauses or restarts it. */
describe('realtime hub when Redis fails', () => {
  let redis: TTestRedis;
  const hubs: TRealtimeHub[] = [];
  const consoleError = vi.spyOn(console, 'error');
  beforeAll(async () => {
    redis = await startTestRedis();
  });
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
    await redis.kill();
    await redis.start();
    // ioredis prints this when a connection has no 'error' listener; the hub listens on both.
    expect(consoleError.mock.calls.flat().join(' ')).not.toContain('Unhandled error event');
  });
  afterAll(async () => {
    await redis.kill();
    consoleError.mockRestore();
  });

  const hub = async (log: never) => {
    const h = await createRedisHub(redis.url, { log, probeEveryMs: 100 });
    hubs.push(h);
    const resyncs = { count: 0 };
    h.onResync(() => (resyncs.count += 1));
    return Object.assign(h, { resyncs });
  };

  it('a stopped Redis: publishes return at once, the outage is logged once, every process resyncs when it is back', async () => {
    const logA = testLog();
    const logB = testLog();
    const a = await hub(logA.log);
    const b = await hub(logB.log);
    const got: TRealtimeEvent[] = [];
    await b.subscribe('member:1', (e) => got.push(e));
    await a.publish('member:1', { type: 'message', n: 0 });
    expect(await next(got)).toEqual({ type: 'message', n: 0 });

    await redis.kill();
    await until(() => logA.count('redis unavailable') > 0, 'the outage to be noticed');
    const { ms } = await timed(async () => {
      for (let n = 1; n <= 20; n += 1) await a.publish('member:1', { type: 'message', n });
    });
    expect(ms).toBeLessThan(200);
    await expect(a.ping()).rejects.toThrow();
    expect(logA.count('redis unavailable: live delivery paused')).toBe(1);
    expect(logA.lines.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(a.resyncs.count + b.resyncs.count).toBe(0);

    await redis.start();
    await until(() => a.resyncs.count > 0 && b.resyncs.count > 0, 'both hubs to resync');
    // Each process ends its own outage (one may hear the other's resync first).
    await until(() => logA.count('redis back') > 0 && logB.count('redis back') > 0, 'both hubs to log the end');
    expect(logA.count('redis back: 20 publishes dropped, clients told to resync')).toBe(1);
    expect(logB.count('redis back: 0 publishes dropped')).toBe(1);
    // Subscribed again: live delivery resumes.
    await a.publish('member:1', { type: 'message', n: 21 });
    expect(await next(got, 2)).toEqual({ type: 'message', n: 21 });
    await a.ping();
  });

  it('a hung Redis (SIGSTOP): publishes return at once, ping gives up within its timeout, resync after it answers', async () => {
    const logA = testLog();
    const a = await hub(logA.log);
    const b = await hub(testLog().log);
    const got: TRealtimeEvent[] = [];
    await b.subscribe('member:2', (e) => got.push(e));

    redis.pause();
    const { ms } = await timed(async () => {
      for (let n = 1; n <= 20; n += 1) await a.publish('member:2', { type: 'message', n });
    });
    expect(ms).toBeLessThan(200);
    const ping = await timed(() =>
      a.ping().then(
        () => 'answered',
        () => 'failed',
      ),
    );
    expect(ping.value).toBe('failed');
    expect(ping.ms).toBeLessThan(1500);
    expect(logA.count('redis unavailable: live delivery paused')).toBe(1);

    redis.resume();
    await until(() => a.resyncs.count > 0 && b.resyncs.count > 0, 'both hubs to resync');
    expect(logA.count('redis back:')).toBe(1);
    got.length = 0;
    await a.publish('member:2', { type: 'message', n: 99 });
    await until(() => got.some((e) => e.n === 99), 'live delivery after the pause');
  });

  it('a slow Redis holds at most maxPendingPublishes; beyond that events are dropped at once, not queued', async () => {
    const logA = testLog();
    const a = await createRedisHub(redis.url, { log: logA.log, maxPendingPublishes: 5 });
    hubs.push(a);
    redis.pause();
    for (let n = 0; n < 5; n += 1) await a.publish('member:4', { type: 'message', n });
    expect(logA.count('redis unavailable')).toBe(0);
    await a.publish('member:4', { type: 'message', n: 5 });
    expect(logA.lines.find((l) => l.msg.startsWith('redis unavailable'))?.obj.cause).toBe('too many publishes pending');
    redis.resume();
  });

  it('an event that cannot be serialized is logged, never thrown, and changes nothing else', async () => {
    const logA = testLog();
    const a = await hub(logA.log);
    await expect(a.publish('member:5', { type: 'message', n: 1n })).resolves.toBeUndefined();
    expect(logA.count('realtime event not serializable')).toBe(1);
    expect(logA.count('redis unavailable')).toBe(0);
    await a.ping();
  });

  it('a socket that subscribes during an outage keeps its listener and hears events once Redis is back', async () => {
    const a = await hub(testLog().log);
    const logB = testLog();
    const b = await hub(logB.log);
    await redis.kill();
    await until(() => logB.count('redis unavailable') > 0, 'the outage to be noticed');
    const got: TRealtimeEvent[] = [];
    const { ms } = await timed(() => b.subscribe('member:3', (e) => got.push(e)));
    expect(ms).toBeLessThan(200);
    await redis.start();
    await until(() => b.resyncs.count > 0 && a.resyncs.count > 0, 'both hubs to resync');
    await a.publish('member:3', { type: 'like', profile_id: 5 });
    expect(await next(got)).toEqual({ type: 'like', profile_id: 5 });
  });
});

describe('realtime hub start-up', () => {
  it('a Redis that accepts and never answers: start-up fails after the connect timeout with one clear message', async () => {
    const blackhole = await startBlackhole();
    try {
      const { ms, value } = await timed(() =>
        createRedisHub(`redis://:secret@127.0.0.1:${blackhole.port}`, { log: testLog().log }).then(
          () => null,
          (err: Error) => err.message,
        ),
      );
      expect(value).toBe(`redis timeout after 5 s at 127.0.0.1:${blackhole.port}`);
      expect(ms).toBeGreaterThan(4500);
      expect(ms).toBeLessThan(6500);
    } finally {
      await blackhole.close();
    }
  });

  it('a closed port: start-up fails naming the address and ECONNREFUSED', async () => {
    const port = await freePort();
    const { ms, value } = await timed(() =>
      createRedisHub(`redis://127.0.0.1:${port}`, { log: testLog().log, connectTimeoutMs: 1000 }).then(
        () => null,
        (err: Error) => err.message,
      ),
    );
    expect(value).toBe(`redis unreachable at 127.0.0.1:${port}: ECONNREFUSED`);
    expect(ms).toBeLessThan(2000);
  });
});
