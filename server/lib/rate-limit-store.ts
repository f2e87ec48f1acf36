import { Redis } from 'ioredis';
import type { TLogger } from './logger.ts';

// The counters behind the limiter (server/lib/rate-limit.ts): in this process's memory, or in Redis shared by every
// process, falling back to memory while Redis is unavailable.

/** One counter to add a use to: its key and, for a new window, how long the window lasts. */
export type THitKey = { key: string; windowMs: number };
/** A counter after a use: the uses in its window and the ms until the window ends. */
export type THitCount = { count: number; ttlMs: number };

/** Counts uses in windows; `hit` adds one use to each key and answers each key's count and time left. */
export interface TCounterStore {
  hit(keys: readonly THitKey[]): Promise<THitCount[]>;
  close(): Promise<void>;
}

/** Above this many counters, expired ones are swept, at most once a second (a counter lives one window at most). */
const SWEEP_ABOVE = 10_000;
/** The most counters memory keeps: past it the oldest go (many subjects, e.g. rotating IPv6 addresses, cost no more). */
const MEMORY_MAX_COUNTERS = 200_000;

/** Counters in this process's memory: exact for one process, each process counting its own share. */
export function createMemoryStore(now: () => number): TCounterStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let sweptAt = -Infinity;
  return {
    async hit(keys) {
      const at = now();
      if (windows.size > SWEEP_ABOVE && at - sweptAt >= 1_000) {
        sweptAt = at;
        for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
        // Map order is insertion order: the oldest counters go first.
        for (const key of windows.keys()) {
          if (windows.size <= MEMORY_MAX_COUNTERS) break;
          windows.delete(key);
        }
      }
      return keys.map(({ key, windowMs }) => {
        let w = windows.get(key);
        if (!w || w.resetAt <= at) {
          w = { count: 0, resetAt: at + windowMs };
          windows.set(key, w);
        }
        w.count += 1;
        return { count: w.count, ttlMs: w.resetAt - at };
      });
    },
    async close() {
      windows.clear();
    },
  };
}

/** Longest wait for one counting round trip to Redis: a slow Redis must not hold requests (then memory counts). */
export const LIMITER_REDIS_TIMEOUT_MS = 250;
/** How long start-up waits for the limiter's Redis connection before it starts counting in memory. */
const LIMITER_CONNECT_TIMEOUT_MS = 2_000;

/**
 * One round trip for all the windows of a request: INCR each key, giving a new key (or one left without expiry) its
 * window, and answer each count with the ms left (atomic in Redis).
 */
const HIT_SCRIPT = `local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  local ttl = -1
  if n > 1 then ttl = redis.call('PTTL', key) end
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[i])
    ttl = tonumber(ARGV[i])
  end
  out[i] = {n, ttl}
end
return out`;

/** Counters in Redis shared by every process; commands fail at once while disconnected (never queued). */
export async function createRedisStore(
  url: string,
  options: { timeoutMs?: number; connectTimeoutMs?: number } = {},
): Promise<TCounterStore & { isReady(): boolean; ping(): Promise<unknown> }> {
  const conn = new Redis(url, {
    lazyConnect: true,
    connectTimeout: options.connectTimeoutMs ?? LIMITER_CONNECT_TIMEOUT_MS,
    commandTimeout: options.timeoutMs ?? LIMITER_REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times: number) => Math.min(100 * times, 2_000),
  });
  conn.defineCommand('amoraHit', { lua: HIT_SCRIPT });
  // Errors surface through failed commands (the limiter logs an outage once); without a listener ioredis prints them.
  conn.on('error', () => undefined);
  conn.connect().catch(() => undefined);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.connectTimeoutMs ?? LIMITER_CONNECT_TIMEOUT_MS);
    conn.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  const hit = conn as unknown as { amoraHit(n: number, ...args: (string | number)[]): Promise<[number, number][]> };
  return {
    isReady: () => conn.status === 'ready',
    ping: () => conn.ping(),
    async hit(keys) {
      if (conn.status !== 'ready') throw new Error('redis not connected');
      const counts = await hit.amoraHit(keys.length, ...keys.map((k) => k.key), ...keys.map((k) => k.windowMs));
      return counts.map(([count, ttlMs]) => ({ count: Number(count), ttlMs: Number(ttlMs) }));
    },
    async close() {
      conn.disconnect();
    },
  };
}

/** Shared counters (Redis) that can tell whether they are connected and be probed. */
export type TSharedCounterStore = TCounterStore & { isReady?(): boolean; ping?(): Promise<unknown> };

/** During a Redis outage the limiter checks this often whether Redis answers again. */
const LIMITER_PROBE_EVERY_MS = 1_000;

/**
 * Counts in the shared store while it answers, else in this process's memory (fail open): the first failure starts
 * an outage, logged once, and Redis is probed until it answers again (logged too). Without a shared store it is the
 * memory store.
 */
export function createFailoverStore(
  shared: TSharedCounterStore | undefined,
  { now, log }: { now: () => number; log?: Pick<TLogger, 'warn' | 'info'> },
): TCounterStore {
  const memory = createMemoryStore(now);
  let outage = shared !== undefined && shared.isReady?.() === false;
  let probe: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const scheduleProbe = () => {
    clearTimeout(probe);
    probe = setTimeout(() => {
      if (closed || !shared) return;
      Promise.resolve(shared.ping?.())
        .then(() => {
          if (shared.isReady?.() === false) throw new Error('not ready');
          outage = false;
          log?.info('rate limits: redis answers again, counting shared across processes');
        })
        .catch(() => scheduleProbe());
    }, LIMITER_PROBE_EVERY_MS);
    probe.unref();
  };
  const startOutage = (err: unknown) => {
    if (outage) return;
    outage = true;
    log?.warn(
      { reason: err instanceof Error ? err.message : String(err) },
      'rate limits: redis unavailable, counting in this process until it answers again',
    );
    scheduleProbe();
  };
  if (outage) {
    log?.warn('rate limits: redis not ready at start-up, counting in this process until it answers');
    scheduleProbe();
  }

  return {
    /** Adds one use to each (subject, window); the counts in the same order. */
    async hit(keys) {
      if (shared && !outage) {
        try {
          return await shared.hit(keys);
        } catch (err) {
          startOutage(err);
        }
      }
      return memory.hit(keys);
    },
    /** Stops probing and closes the Redis connection. */
    async close() {
      closed = true;
      clearTimeout(probe);
      await shared?.close();
      await memory.close();
    },
  };
}
