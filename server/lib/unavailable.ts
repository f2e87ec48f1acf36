import { errorChain } from './error-chain.ts';

/**
 * Errors that mean a dependency (the database) could not be reached or went away, rather than a fault of the request
 * or a bug: answered 503 with `Retry-After`, so a browser shows "try again in a moment" and a load balancer retries.
 */

/** Socket-level failures of a connection (node-postgres, ioredis, the pool). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EPIPE',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a database that is not there to serve: class 08 (connection exception), 57P01-57P03 (shut down by an
 * administrator, crash shutdown, cannot connect now: starting up or in recovery), 53300 (too many connections).
 */
function unavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** Messages of node-postgres and PGlite that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /^Client has encountered a connection error/i,
  /^PGlite is closed/i,
  /Cannot use a pool after calling end/i,
];

/** Whether an error (or one it wraps in `cause`, as Drizzle does) means the database is unavailable. */
export function isUnavailableError(err: unknown): boolean {
  for (const e of errorChain(err)) {
    if (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || unavailableSqlState(e.code))) return true;
    const message = e.message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}

/** How long a client is asked to wait before trying again (seconds). */
export const UNAVAILABLE_RETRY_AFTER_S = 30;
