import { Redis } from 'ioredis';

/** How long start-up waits for Redis (TCP connect and handshake) before it gives up with a clear message. */
export const REDIS_CONNECT_TIMEOUT_MS = 5_000;
/** Longest wait for any one Redis command (a hung server must not hold a request, a socket or /readyz). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000;
/** Publishes awaiting Redis's answer at most; beyond that (a slow Redis) new events are dropped, not queued. */
export const REDIS_MAX_PENDING_PUBLISHES = 1_000;
/** During an outage the hub checks this often whether Redis answers again. */
export const REDIS_PROBE_EVERY_MS = 500;

/** `host:port` of a Redis URL, never its password. */
export function redisAddress(url: string): string {
  const u = new URL(url);
  return `${u.hostname || '127.0.0.1'}:${u.port || '6379'}`;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** The one line start-up prints when Redis did not become ready in time, naming the cause. */
export function startupFailure(url: string, timeoutMs: number, last: Error | undefined): Error {
  const where = redisAddress(url);
  const code = (last as NodeJS.ErrnoException | undefined)?.code;
  if (code && UNREACHABLE.has(code)) return new Error(`redis unreachable at ${where}: ${code}`, { cause: last });
  if (last && /^(WRONGPASS|NOAUTH|NOPERM)/.test(last.message)) {
    return new Error(`redis refused the connection at ${where}: ${last.message}`, { cause: last });
  }
  return new Error(`redis timeout after ${timeoutMs / 1000} s at ${where}`, { cause: last });
}

/** Resolves when the connection is ready (ioredis keeps retrying in the background until then). */
export const whenReady = (conn: Redis) =>
  new Promise<void>((resolve) => {
    if (conn.status === 'ready') resolve();
    else conn.once('ready', () => resolve());
  });

/**
 * The options of the hub's two connections: every command has a timeout, and nothing waits for a connection (a
 * command while disconnected fails at once; the caller drops or retries).
 */
export function connectionOptions(connectTimeoutMs: number, commandTimeoutMs: number) {
  return {
    lazyConnect: true,
    connectTimeout: connectTimeoutMs,
    commandTimeout: commandTimeoutMs,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (times: number) => Math.min(100 * times, 2_000),
  };
}
