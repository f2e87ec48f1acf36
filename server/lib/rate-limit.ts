import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Per-IP budgets of the operations that send email, verify a password or create an account. One budget per operation,
 * shared by its `/api/*.php` route and its page form action, so neither door is a way around the other.
 */
export const OPERATION_LIMITS = {
  login: { max: 20, windowMs: 60_000 },
  signup: { max: 10, windowMs: 60_000 },
  activation_email: { max: 5, windowMs: 60_000 },
  password_reset_email: { max: 10, windowMs: 60_000 },
  password_reset: { max: 10, windowMs: 60_000 },
  password_change: { max: 10, windowMs: 60_000 },
  mail_change: { max: 10, windowMs: 60_000 },
  account_delete: { max: 10, windowMs: 60_000 },
  reactivation_email: { max: 10, windowMs: 60_000 },
  push_subscribe: { max: 20, windowMs: 60_000 },
} as const satisfies Record<string, { max: number; windowMs: number }>;

export type TOperation = keyof typeof OPERATION_LIMITS;

/**
 * Per-target-address budgets of the operations aimed at an email address (issue 23 §7): many IPs must not be a way to
 * flood one address or to probe it. The key is a hash of the normalized address, never the address itself.
 */
export const TARGET_LIMITS = {
  password_reset_email: { max: 5, windowMs: 3_600_000 },
  mail_change: { max: 5, windowMs: 3_600_000 },
  signup: { max: 5, windowMs: 3_600_000 },
} as const satisfies Partial<Record<TOperation, { max: number; windowMs: number }>>;

/** A cap on each address-targeted operation for the whole process, whatever the IPs and addresses. */
export const GLOBAL_LIMITS = {
  password_reset_email: { max: 300, windowMs: 60_000 },
  mail_change: { max: 300, windowMs: 60_000 },
  signup: { max: 300, windowMs: 60_000 },
} as const satisfies Record<keyof typeof TARGET_LIMITS, { max: number; windowMs: number }>;

export type TTargetOperation = keyof typeof TARGET_LIMITS;

/** The counter key of a target address: trimmed, lower-cased and hashed (no address is kept in memory or logged). */
export function targetKey(email: unknown): string {
  const normalized = String(email ?? '')
    .normalize('NFC')
    .trim()
    .toLowerCase();
  return createHash('sha256').update(normalized).digest('base64url');
}

/** Above this many counters, expired ones are swept (a counter lives one window at most). */
const SWEEP_ABOVE = 10_000;

/**
 * Fixed-window counters keyed by operation and IP. They live in process memory for one window at most, like the route
 * limits of `@fastify/rate-limit`; several processes each count their own share.
 */
export function createRateLimiter(options: { enabled: boolean; now?: () => number }) {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { count: number; resetAt: number }>();

  const sweep = (at: number) => {
    for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
  };

  /** Counts one use against a window; past `max` it throws 429 `rate_limited` with the seconds left. */
  const count = (key: string, { max, windowMs }: { max: number; windowMs: number }) => {
    const at = now();
    if (windows.size > SWEEP_ABOVE) sweep(at);
    let w = windows.get(key);
    if (!w || w.resetAt <= at) {
      w = { count: 0, resetAt: at + windowMs };
      windows.set(key, w);
    }
    w.count += 1;
    if (w.count > max) {
      throw new AppError('rate_limited', { retry_after: Math.max(1, Math.ceil((w.resetAt - at) / 1000)) });
    }
  };

  return {
    /** Counts one use of an operation by an IP; past the operation's budget it throws 429 `rate_limited`. */
    consume(operation: TOperation, ip: string): void {
      if (!options.enabled) return;
      count(`${operation}\u0000${ip}`, OPERATION_LIMITS[operation]);
    },
    /**
     * Counts one use of an address-targeted operation against the process-wide cap and the target address's budget
     * (whatever the IP); past either it throws 429 `rate_limited`. The same answer whether the address has an account.
     */
    consumeTarget(operation: TTargetOperation, email: unknown): void {
      if (!options.enabled) return;
      count(`${operation}\u0000*`, GLOBAL_LIMITS[operation]);
      // A request without an address aims at nobody: only the process-wide cap and the IP's budget apply to it.
      if (String(email ?? '').trim() === '') return;
      count(`${operation}\u0000@${targetKey(email)}`, TARGET_LIMITS[operation]);
    },
  };
}

export type TRateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * A route hook that spends the request IP's budget of an operation (with `retry-after` on a 429); for an
 * address-targeted operation also the process-wide cap and the budget of the address in the body's `email`.
 */
export function limitOperation(limiter: TRateLimiter, operation: TOperation) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      limiter.consume(operation, request.ip);
      if (operation in TARGET_LIMITS) {
        limiter.consumeTarget(operation as TTargetOperation, (request.body as { email?: unknown } | undefined)?.email);
      }
    } catch (err) {
      const seconds = (err as { data?: { retry_after?: number } }).data?.retry_after;
      if (seconds) reply.header('retry-after', String(seconds));
      throw err;
    }
  };
}
