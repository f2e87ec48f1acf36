import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { THubLog, TRealtimeEvent, TRealtimeHub } from './hub.ts';
import {
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_CONNECT_TIMEOUT_MS,
  REDIS_MAX_PENDING_PUBLISHES,
  REDIS_PROBE_EVERY_MS,
  connectionOptions,
  redisAddress,
  startupFailure,
  whenReady,
} from './redis-connection.ts';

const PREFIX = 'amora:';
/** The control channel on which a process that saw an outage end tells every process to resync its clients. */
const RESYNC_CHANNEL = `${PREFIX}hub:resync`;

export interface TRedisHubOptions {
  log: THubLog;
  connectTimeoutMs?: number;
  commandTimeoutMs?: number;
  maxPendingPublishes?: number;
  probeEveryMs?: number;
}

/**
 * Redis pub/sub hub: one publishing and one subscribing connection per process, fanned out locally.
 *
 * Faults: start-up gives up after `connectTimeoutMs` with one clear message; every command has a
 * timeout and nothing is queued while disconnected, so a publish never holds a request. The first error, lost
 * connection or failed publish starts an outage: logged once ('redis unavailable: live delivery paused'), publishes
 * dropped and counted, and Redis probed until both connections answer again. Then the channels are subscribed again,
 * the end is logged with the number of dropped publishes, and every client of every process is told to resync.
 */
export async function createRedisHub(url: string, options: TRedisHubOptions): Promise<TRealtimeHub> {
  const {
    log,
    connectTimeoutMs = REDIS_CONNECT_TIMEOUT_MS,
    commandTimeoutMs = REDIS_COMMAND_TIMEOUT_MS,
    maxPendingPublishes = REDIS_MAX_PENDING_PUBLISHES,
    probeEveryMs = REDIS_PROBE_EVERY_MS,
  } = options;
  const perConnection = connectionOptions(connectTimeoutMs, commandTimeoutMs);
  const pub = new Redis(url, perConnection);
  const sub = new Redis(url, perConnection);
  const instance = randomBytes(8).toString('hex');
  const address = redisAddress(url);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const resyncHandlers = new Set<() => void>();
  /** Channels whose unsubscribe failed during an outage: unsubscribed when Redis is back, unless listened to again. */
  const stale = new Set<string>();

  let starting = true;
  let closing = false;
  let startupError: Error | undefined;
  let pending = 0;
  let outage: { since: number; dropped: number } | null = null;
  let probe: ReturnType<typeof setTimeout> | undefined;

  const resyncLocally = () => {
    for (const handler of resyncHandlers) {
      try {
        handler();
      } catch (err) {
        log.warn({ err }, 'realtime resync handler failed');
      }
    }
  };

  const scheduleProbe = () => {
    clearTimeout(probe);
    probe = setTimeout(() => void runProbe(), probeEveryMs);
    probe.unref();
  };

  /** Ends the outage once both connections answer and every channel with listeners is subscribed again. */
  const runProbe = async () => {
    if (!outage || closing) return;
    try {
      if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error('not connected');
      await Promise.all([pub.ping(), sub.ping()]);
      const channels = [RESYNC_CHANNEL, ...local.eventNames().map((name) => PREFIX + String(name))];
      await sub.subscribe(...channels);
      const gone = [...stale].filter((channel) => local.listenerCount(channel) === 0).map((c) => PREFIX + c);
      stale.clear();
      if (gone.length) await sub.unsubscribe(...gone);
    } catch {
      if (outage && !closing) scheduleProbe();
      return;
    }
    if (!outage || closing) return;
    const { since, dropped } = outage;
    outage = null;
    log.warn(
      { redis: address, dropped, downMs: Date.now() - since },
      `redis back: ${dropped} publishes dropped, clients told to resync`,
    );
    resyncLocally();
    // Other processes' clients may have missed this process's events: they resync too.
    pub.publish(RESYNC_CHANNEL, JSON.stringify({ type: 'resync', from: instance })).catch(() => undefined);
  };

  /** Starts an outage (logged once); `cause` is an error or a short reason. */
  const startOutage = (cause: unknown) => {
    if (starting || closing) return;
    const reason = cause instanceof Error ? ((cause as NodeJS.ErrnoException).code ?? cause.message) : String(cause);
    if (outage) {
      log.debug({ redis: address, cause: reason }, 'redis still unavailable');
      return;
    }
    outage = { since: Date.now(), dropped: 0 };
    log.error({ redis: address, cause: reason }, 'redis unavailable: live delivery paused');
    scheduleProbe();
  };

  const drop = (cause: unknown) => {
    startOutage(cause);
    if (outage) outage.dropped += 1;
  };

  // A refused connection is known at once (nothing listens there): start-up fails then, not after the timeout.
  let refuseStart: (err: Error) => void = () => undefined;
  const refused = new Promise<never>((_resolve, reject) => {
    refuseStart = reject;
  });
  refused.catch(() => undefined);
  for (const conn of [pub, sub]) {
    // Without a listener ioredis prints 'Unhandled error event' for every reconnect attempt.
    conn.on('error', (err: Error) => {
      if (!starting) return startOutage(err);
      startupError = err;
      if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') refuseStart(err);
    });
    conn.on('close', () => startOutage('connection closed'));
    conn.on('ready', () => {
      if (outage) void runProbe();
    });
  }

  sub.on('message', (channel: string, message: string) => {
    try {
      const event = JSON.parse(message) as TRealtimeEvent;
      if (channel === RESYNC_CHANNEL) {
        if (event.from !== instance) resyncLocally();
        return;
      }
      local.emit(channel.slice(PREFIX.length), event);
    } catch {
      // A malformed message from another writer is dropped, never crashes the process.
    }
  });

  // Start-up: ready (connected, handshake done, control channel subscribed) within the timeout, or one clear error.
  pub.connect().catch(() => undefined);
  sub.connect().catch(() => undefined);
  let deadline: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.all([whenReady(pub), whenReady(sub)]).then(() => sub.subscribe(RESYNC_CHANNEL)),
      refused,
      new Promise((_resolve, reject) => {
        deadline = setTimeout(() => reject(new Error('timeout')), connectTimeoutMs);
      }),
    ]);
  } catch (err) {
    closing = true;
    pub.disconnect();
    sub.disconnect();
    throw startupFailure(
      url,
      connectTimeoutMs,
      startupError ?? (err instanceof Error && err.message !== 'timeout' ? err : undefined),
    );
  } finally {
    clearTimeout(deadline);
  }
  starting = false;

  const viewingKey = (profileId: number) => `${PREFIX}viewing:${profileId}`;
  /** A sorted set per member: socket id → until when it counts as connected (ms). */
  const onlineKey = (profileId: number) => `${PREFIX}online:${profileId}`;
  return {
    kind: 'redis',
    async setConnected(profileId, socketId, ttlMs) {
      if (closing || outage || pub.status !== 'ready') return;
      const key = onlineKey(profileId);
      const write =
        ttlMs > 0
          ? pub
              .multi()
              .zadd(key, Date.now() + ttlMs, socketId)
              .zremrangebyscore(key, '-inf', Date.now())
              .pexpire(key, ttlMs)
              .exec()
          : pub.zrem(key, socketId);
      await Promise.resolve(write).catch(() => undefined);
    },
    async connectedOf(profileIds) {
      if (closing || outage || pub.status !== 'ready' || profileIds.length === 0) return new Set();
      const now = Date.now();
      const pipeline = pub.pipeline();
      for (const id of profileIds) pipeline.zcount(onlineKey(id), now, '+inf');
      const counts = await pipeline.exec().catch(() => null);
      return new Set(profileIds.filter((_, i) => Number(counts?.[i]?.[1] ?? 0) > 0));
    },
    async setViewing(profileId, { socketId, conversationId, ttlMs }) {
      if (closing || outage || pub.status !== 'ready') return;
      const key = viewingKey(profileId);
      const write =
        conversationId === null
          ? pub.hdel(key, socketId)
          : pub
              .multi()
              .hset(key, socketId, `${conversationId}:${Date.now() + ttlMs}`)
              .pexpire(key, ttlMs)
              .exec();
      await Promise.resolve(write).catch(() => undefined);
    },
    async isViewing(profileId, conversationId) {
      if (closing || outage || pub.status !== 'ready') return false;
      const all = await pub.hgetall(viewingKey(profileId)).catch(() => ({}) as Record<string, string>);
      const now = Date.now();
      return Object.values(all).some((v) => {
        const [conversation, until] = v.split(':').map(Number);
        return conversation === conversationId && until > now;
      });
    },
    async publish(channel, event) {
      if (closing) return;
      if (outage || pub.status !== 'ready' || pending >= maxPendingPublishes) {
        drop(pending >= maxPendingPublishes ? 'too many publishes pending' : 'not connected');
        return;
      }
      let message: string;
      try {
        message = JSON.stringify(event);
      } catch (err) {
        log.error({ err, type: event.type }, 'realtime event not serializable');
        return;
      }
      pending += 1;
      // Not awaited: the caller (a send, a like, a logout) never waits on Redis.
      pub.publish(PREFIX + channel, message).then(
        () => {
          pending -= 1;
        },
        (err: unknown) => {
          pending -= 1;
          if (!closing) drop(err);
        },
      );
    },
    async subscribe(channel, handler) {
      stale.delete(channel);
      if (local.listenerCount(channel) === 0 && !outage) {
        // A failure starts an outage; the listener stays and the channel is subscribed when Redis is back.
        await sub.subscribe(PREFIX + channel).catch((err: unknown) => startOutage(err));
      }
      local.on(channel, handler);
      return async () => {
        local.off(channel, handler);
        if (local.listenerCount(channel) > 0 || closing) return;
        await sub.unsubscribe(PREFIX + channel).catch((err: unknown) => {
          stale.add(channel);
          startOutage(err);
        });
      };
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => {
        resyncHandlers.delete(handler);
      };
    },
    async ping() {
      if (outage) throw new Error('redis unavailable');
      // A hung Redis may take no publish to notice: a failed ping starts the outage as well.
      await pub.ping().catch((err: unknown) => {
        startOutage(err);
        throw err;
      });
    },
    async close() {
      closing = true;
      clearTimeout(probe);
      local.removeAllListeners();
      resyncHandlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
