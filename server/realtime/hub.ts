import { EventEmitter } from 'node:events';
import type { TLogger } from '../lib/logger.ts';
import { createRedisHub } from './redis-hub.ts';

export type TRealtimeEvent = { type: string; [key: string]: unknown };
export type THandler = (event: TRealtimeEvent) => void;
/** One socket's conversation on screen (null: none), kept `ttlMs` unless set again. */
export type TViewing = { socketId: string; conversationId: number | null; ttlMs: number };

/** Delivers events to sockets on every app process (ARCHITECTURE §1: local hub, Redis pub/sub when configured). */
export interface TRealtimeHub {
  kind: 'local' | 'redis';
  /**
   * Sends an event to every subscriber of a channel, on any process. Best effort, and never waits on Redis: it
   * resolves at once and never rejects. While Redis is unavailable the event is dropped (counted, logged once per
   * outage) and every client is told to resync when Redis is back; the database stays the truth.
   */
  publish(channel: string, event: TRealtimeEvent): Promise<void>;
  /**
   * Listens on a channel in this process; returns the unsubscribe function. During a Redis outage the listener is
   * kept and the channel is subscribed again when Redis is back (followed by a resync).
   */
  subscribe(channel: string, handler: THandler): Promise<() => Promise<void>>;
  /**
   * Calls `handler` when this process's clients must resync: Redis came back after an outage in which events may
   * have been lost (on this process or another). Returns the function that stops listening.
   */
  onResync(handler: () => void): () => void;
  /**
   * Presence: the conversation a member's socket has on screen (null: none), kept `ttlMs` unless set again. Best
   * effort and never throws; notifications skip a conversation on screen.
   */
  setViewing(profileId: number, view: TViewing): Promise<void>;
  /** Whether any socket of the member, on any process, has the conversation on screen; false when unknown. */
  isViewing(profileId: number, conversationId: number): Promise<boolean>;
  /**
   * Presence: one of the member's sockets is connected, kept `ttlMs` unless set again (0: the socket closed). Best
   * effort and never throws.
   */
  setConnected(profileId: number, socketId: string, ttlMs: number): Promise<void>;
  /** Which of these members have a socket connected now, on any process; empty when unknown (Redis down). */
  connectedOf(profileIds: readonly number[]): Promise<Set<number>>;
  /** Resolves when the hub can deliver now; rejects at once during a known outage, or after the command timeout. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Single-process hub. */
export function createLocalHub(): TRealtimeHub {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  const viewing = new Map<number, Map<string, { conversationId: number; until: number }>>();
  const connected = new Map<number, Map<string, number>>();
  return {
    kind: 'local',
    async setConnected(profileId, socketId, ttlMs) {
      const sockets = connected.get(profileId) ?? new Map<string, number>();
      if (ttlMs > 0) sockets.set(socketId, Date.now() + ttlMs);
      else sockets.delete(socketId);
      if (sockets.size) connected.set(profileId, sockets);
      else connected.delete(profileId);
    },
    async connectedOf(profileIds) {
      const now = Date.now();
      return new Set(profileIds.filter((id) => [...(connected.get(id)?.values() ?? [])].some((until) => until > now)));
    },
    async setViewing(profileId, { socketId, conversationId, ttlMs }) {
      const sockets = viewing.get(profileId) ?? new Map<string, { conversationId: number; until: number }>();
      if (conversationId === null) sockets.delete(socketId);
      else sockets.set(socketId, { conversationId, until: Date.now() + ttlMs });
      if (sockets.size) viewing.set(profileId, sockets);
      else viewing.delete(profileId);
    },
    async isViewing(profileId, conversationId) {
      const now = Date.now();
      return [...(viewing.get(profileId)?.values() ?? [])].some(
        (v) => v.conversationId === conversationId && v.until > now,
      );
    },
    async publish(channel, event) {
      bus.emit(channel, event);
    },
    async subscribe(channel, handler) {
      bus.on(channel, handler);
      return async () => {
        bus.off(channel, handler);
      };
    },
    // Nothing between publisher and subscriber can fail, so there is never anything to resync.
    onResync: () => () => undefined,
    async ping() {},
    async close() {
      bus.removeAllListeners();
    },
  };
}

/** What the hub logs: Redis outages and their end. */
export type THubLog = Pick<TLogger, 'error' | 'warn' | 'info' | 'debug'>;

/** The hub for a configuration: Redis when REDIS_URL is set, else in-process. */
export function createHub(redisUrl: string | undefined, log: THubLog): Promise<TRealtimeHub> {
  return redisUrl ? createRedisHub(redisUrl, { log }) : Promise.resolve(createLocalHub());
}
