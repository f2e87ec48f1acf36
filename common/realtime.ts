import { z } from 'zod';
import type { TChatMessage } from './chat.ts';

/** The WebSocket path (ARCHITECTURE §1). */
export const REALTIME_PATH = '/api/ws';
/** Largest frame a client may send. */
export const REALTIME_MAX_PAYLOAD = 4096;
/** The server pings every socket this often and drops one that did not answer the previous ping. */
export const REALTIME_HEARTBEAT_MS = 30_000;
/** A typing event is sent at most this often per conversation, and shown this long after the last one. */
export const TYPING_SEND_EVERY_MS = 3_000;
export const TYPING_SHOW_MS = 6_000;
/** A `viewing` presence lasts this long unless the socket renews it (every heartbeat). */
export const VIEWING_TTL_MS = 75_000;
/** Close codes of our own (4000–4999 are free for applications). */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_SLOW = 4408;

/** Events the server pushes to a member's sockets. */
export type TServerEvent =
  /** The socket is subscribed, or the server is back from a Redis outage: the client resyncs what it may have missed. */
  | { type: 'hello' }
  /** The answer to a client's ping. */
  | { type: 'pong' }
  /**
   * A new message in one of my conversations (mine from another tab, or theirs); `profile_id` is the other member.
   * My own messages carry the idempotency key I sent them with, so the sending tab can match its pending copy.
   */
  | { type: 'message'; message: TChatMessage; profile_id: number; key?: string }
  /** The other member has seen my messages up to `up_to`. */
  | { type: 'read'; conversation_id: number; up_to: number }
  /** I read a conversation in another tab. */
  | { type: 'chat_read'; conversation_id: number }
  /** I deleted a conversation in another tab. */
  | { type: 'chat_removed'; conversation_id: number }
  /** The other member is typing. */
  | { type: 'typing'; conversation_id: number; profile_id: number }
  /** Someone liked me, or a like became mutual. */
  | { type: 'like' | 'match'; profile_id: number }
  /** My balance changed. */
  | { type: 'credits'; credits: number };

/** Frames a client may send. */
export const ZClientEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation_id: z.number().int().positive() }),
  z.object({ type: z.literal('ping') }),
  /** The conversation this tab has on screen now (null: none, or the tab is hidden); no notifications for it. */
  z.object({ type: z.literal('viewing'), conversation_id: z.number().int().positive().nullable() }),
]);
export type TClientEvent = z.infer<typeof ZClientEvent>;
