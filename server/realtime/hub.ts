import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

export type TRealtimeEvent = { type: string; [key: string]: unknown };
export type THandler = (event: TRealtimeEvent) => void;

/** Delivers events to sockets on every app process (ARCHITECTURE §1: local hub, Redis pub/sub when configured). */
export interface TRealtimeHub {
  kind: 'local' | 'redis';
  /** Sends an event to every subscriber of a channel, on any process. */
  publish(channel: string, event: TRealtimeEvent): Promise<void>;
  /** Listens on a channel in this process; returns the unsubscribe function. */
  subscribe(channel: string, handler: THandler): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const PREFIX = 'amora:';

/** Single-process hub. */
export function createLocalHub(): TRealtimeHub {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return {
    kind: 'local',
    async publish(channel, event) {
      bus.emit(channel, event);
    },
    async subscribe(channel, handler) {
      bus.on(channel, handler);
      return async () => {
        bus.off(channel, handler);
      };
    },
    async ping() {},
    async close() {
      bus.removeAllListeners();
    },
  };
}

/** Redis pub/sub hub: one publishing and one subscribing connection per process, fanned out locally. */
export async function createRedisHub(url: string): Promise<TRealtimeHub> {
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  await Promise.all([pub.connect(), sub.connect()]);
  const local = new EventEmitter();
  local.setMaxListeners(0);
  sub.on('message', (channel: string, message: string) => {
    try {
      local.emit(channel.slice(PREFIX.length), JSON.parse(message) as TRealtimeEvent);
    } catch {
      // A malformed message from another writer is dropped, never crashes the process.
    }
  });
  return {
    kind: 'redis',
    async publish(channel, event) {
      await pub.publish(PREFIX + channel, JSON.stringify(event));
    },
    async subscribe(channel, handler) {
      if (local.listenerCount(channel) === 0) await sub.subscribe(PREFIX + channel);
      local.on(channel, handler);
      return async () => {
        local.off(channel, handler);
        if (local.listenerCount(channel) === 0) await sub.unsubscribe(PREFIX + channel);
      };
    },
    async ping() {
      await pub.ping();
    },
    async close() {
      local.removeAllListeners();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

/** The hub for a configuration: Redis when REDIS_URL is set, else in-process. */
export function createHub(redisUrl: string | undefined): Promise<TRealtimeHub> {
  return redisUrl ? createRedisHub(redisUrl) : Promise.resolve(createLocalHub());
}
