import { createHash } from 'node:crypto';
import normalizeEmail from 'validator/lib/normalizeEmail.js';
import { AppError } from './app-error.ts';
import type { TLogger } from './logger.ts';
import { createFailoverStore, createRedisStore, type THitKey, type TSharedCounterStore } from './rate-limit-store.ts';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '#common/time.ts';

/**
 * One budget: at most `max` uses per fixed window of `windowMs` that starts with the subject's first use (as
 * @fastify/rate-limit counts); `aligned` windows start on multiples of `windowMs` instead (a day: UTC midnight).
 */
export type TLimitRule = { max: number; windowMs: number; aligned?: boolean };

/**
 * Every rate limit of the site, in one table: an operation has one or more windows, each counted per subject
 * (an IP, a member, an inbox, or '*' for the whole site). The operations that send email, verify a password or create
 * an account are shared by their `/api/*.php` route and their page form action, so neither door is a way around the
 * other. Member-facing daily caps (likes, new conversations) are product rules in common/constants.ts.
 */
export const OPERATION_LIMITS = {
  /** Login attempts per IP (the per-account lockout is in the accounts service). */
  login: [{ max: 20, windowMs: MINUTE_MS }],
  /** Signups per IP. */
  signup: [{ max: 10, windowMs: MINUTE_MS }],
  /** Activation email resends per IP. */
  activation_email: [{ max: 5, windowMs: MINUTE_MS }],
  /** Password reset email requests per IP. */
  password_reset_email: [{ max: 10, windowMs: MINUTE_MS }],
  /** New passwords set with a reset link, per IP. */
  password_reset: [{ max: 10, windowMs: MINUTE_MS }],
  /** Password changes per IP. */
  password_change: [{ max: 10, windowMs: MINUTE_MS }],
  /** Email change requests per IP. */
  mail_change: [{ max: 10, windowMs: MINUTE_MS }],
  /** Account deletions per IP. */
  account_delete: [{ max: 10, windowMs: MINUTE_MS }],
  /** Reactivation email requests per IP. */
  reactivation_email: [{ max: 10, windowMs: MINUTE_MS }],
  /** Push subscriptions stored per IP. */
  push_subscribe: [{ max: 20, windowMs: MINUTE_MS }],
  /** Emails to one inbox (normalized address) from signup, email change, reset and reactivation together, whatever the IPs. */
  inbox_email: [{ max: 5, windowMs: HOUR_MS }],
  /** Address-targeted requests of one operation on the whole site, whatever the IPs and addresses. */
  target_global: [{ max: 300, windowMs: MINUTE_MS }],
  /** Profiles one member opens: a fast browser opens a few a minute, a script hundreds. */
  profile_read: [
    { max: 120, windowMs: MINUTE_MS },
    { max: 3_000, windowMs: DAY_MS },
  ],
  /** Profiles opened by visitors (not logged in) from one IP. */
  profile_read_visitor: [
    { max: 60, windowMs: MINUTE_MS },
    { max: 1_000, windowMs: DAY_MS },
  ],
  /** Profiles opened by all members on one IP (a household or office shares it; one script rotating accounts too). */
  profile_read_ip: [
    { max: 600, windowMs: MINUTE_MS },
    { max: 20_000, windowMs: DAY_MS },
  ],
  /** Result pages of search and match-finder one member asks for. */
  search_read: [
    { max: 60, windowMs: MINUTE_MS },
    { max: 2_000, windowMs: DAY_MS },
  ],
  /** Search result pages asked for by visitors from one IP. */
  search_read_visitor: [
    { max: 30, windowMs: MINUTE_MS },
    { max: 500, windowMs: DAY_MS },
  ],
  /** Search result pages asked for by all members on one IP. */
  search_read_ip: [
    { max: 300, windowMs: MINUTE_MS },
    { max: 10_000, windowMs: DAY_MS },
  ],
} as const satisfies Record<string, readonly TLimitRule[]>;

export type TOperation = keyof typeof OPERATION_LIMITS;

/** Operations that send an email to the address in the request: they share each inbox's budget (`inbox_email`). */
export const TARGET_OPERATIONS = ['password_reset_email', 'mail_change', 'signup', 'reactivation_email'] as const;

export type TTargetOperation = (typeof TARGET_OPERATIONS)[number];

/** Kinds of reads limited per visitor IP and per member (scraping). */
export type TReadKind = 'profile_read' | 'search_read';

/**
 * The inbox an address reaches, for limit keys: lower case, without plus-tags (any domain), without dots where the
 * provider ignores them (gmail.com; googlemail.com is gmail.com) and the providers' other sub-addresses (validator's
 * normalizeEmail), hashed (no address is kept in Redis or memory, or logged).
 */
export function inboxKey(email: unknown): string {
  const trimmed = String(email ?? '')
    .normalize('NFC')
    .trim()
    .toLowerCase();
  const at = trimmed.lastIndexOf('@');
  let inbox = trimmed;
  if (at > 0 && at < trimmed.length - 1) {
    const normalized = normalizeEmail(trimmed, { all_lowercase: true }) || trimmed;
    const split = normalized.lastIndexOf('@');
    const local = normalized.slice(0, split);
    const plus = local.indexOf('+');
    inbox = `${plus > 0 ? local.slice(0, plus) : local}${normalized.slice(split)}`;
  }
  return createHash('sha256').update(inbox).digest('base64url');
}

type TLimiterLog = Pick<TLogger, 'warn' | 'info'>;

/**
 * The one limiter of the site: fixed windows keyed by operation and subject, counted in Redis when
 * `REDIS_URL` is set (every process shares the counts) and in memory otherwise.
 *
 * Redis down or slow (no answer within LIMITER_REDIS_TIMEOUT_MS): the limiter fails open to this process's memory
 * counters, logs one line when the outage starts and one when Redis answers again, and never turns the fault into a
 * 500. Each process then allows its own budget until Redis is back.
 */
export function createRateLimiter(options: {
  enabled: boolean;
  now?: () => number;
  /** Shared counters (Redis); without it the counters live in memory. */
  store?: TSharedCounterStore;
  /** Key prefix: every process of one site uses the same; tests give each app its own unless they share one. */
  namespace?: string;
  log?: TLimiterLog;
}) {
  const now = options.now ?? Date.now;
  const counters = createFailoverStore(options.store, { now, log: options.log });
  const hit = (keys: THitKey[]) => counters.hit(keys);
  const prefix = `amora:rl:${options.namespace ? `${options.namespace}:` : ''}`;

  /**
   * Counts one use of each (operation, subject) against every window of its rules; past any `max` it throws `code`
   * (429) with the seconds until the longest exceeded window ends.
   */
  const spend = async (
    uses: readonly { operation: string; subject: string; rules: readonly TLimitRule[] }[],
    code: 'rate_limited' | 'daily_limit_reached' = 'rate_limited',
  ) => {
    const at = now();
    const keys = uses.flatMap(({ operation, subject, rules }) =>
      rules.map((rule) => {
        const key = `${prefix}${operation}:${subject}:${rule.windowMs}`;
        if (!rule.aligned) return { key, windowMs: rule.windowMs, rule };
        const index = Math.floor(at / rule.windowMs);
        return { key: `${key}:${index}`, windowMs: (index + 1) * rule.windowMs - at, rule };
      }),
    );
    const counts = await hit(keys.map(({ key, windowMs }) => ({ key, windowMs })));
    let exceeded = false;
    let retryAfterMs = 0;
    let limit = 0;
    keys.forEach(({ rule }, i) => {
      const { count, ttlMs } = counts[i];
      if (count <= rule.max) return;
      if (!exceeded || ttlMs > retryAfterMs) [retryAfterMs, limit] = [ttlMs, rule.max];
      exceeded = true;
    });
    if (exceeded) {
      const retry_after = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(code, code === 'daily_limit_reached' ? { limit, retry_after } : { retry_after });
    }
  };

  return {
    /** Counts one use of an operation by a subject (an IP, `member:<id>`); past its budget throws 429 `rate_limited`. */
    async consume(operation: TOperation, subject: string): Promise<void> {
      if (!options.enabled) return;
      await spend([{ operation, subject, rules: OPERATION_LIMITS[operation] }]);
    },
    /**
     * Counts one use of an address-targeted operation against its site-wide cap and the budget of the inbox the
     * address reaches (shared by every operation that emails an address, whatever the IP); past either it throws 429
     * `rate_limited`. The same answer whether the address has an account.
     */
    async consumeTarget(operation: TTargetOperation, email: unknown): Promise<void> {
      if (!options.enabled) return;
      const uses: { operation: string; subject: string; rules: readonly TLimitRule[] }[] = [
        { operation: `target_global:${operation}`, subject: '*', rules: OPERATION_LIMITS.target_global },
      ];
      // A request without an address aims at nobody: only the site-wide cap and the IP's budget apply to it.
      if (String(email ?? '').trim() !== '') {
        uses.push({ operation: 'inbox_email', subject: inboxKey(email), rules: OPERATION_LIMITS.inbox_email });
      }
      await spend(uses);
    },
    /**
     * Counts one read of profiles or search results: a member against their own budget and their IP's shared one, a
     * visitor against their IP's; past any it throws 429 `rate_limited`.
     */
    async consumeRead(kind: TReadKind, reader: { ip: string; memberId?: number }): Promise<void> {
      if (!options.enabled) return;
      await spend(
        reader.memberId === undefined
          ? [{ operation: `${kind}_visitor`, subject: reader.ip, rules: OPERATION_LIMITS[`${kind}_visitor`] }]
          : [
              { operation: kind, subject: `member:${reader.memberId}`, rules: OPERATION_LIMITS[kind] },
              { operation: `${kind}_ip`, subject: reader.ip, rules: OPERATION_LIMITS[`${kind}_ip`] },
            ],
      );
    },
    /**
     * Counts one use of a member-facing daily cap (a product rule, on whatever RATE_LIMITS says); past `max` in the
     * UTC day it throws 429 `daily_limit_reached` with the limit and the seconds until midnight UTC.
     */
    async consumeDaily(cap: string, memberId: number, max: number): Promise<void> {
      await spend(
        [
          {
            operation: `daily:${cap}`,
            subject: `member:${memberId}`,
            rules: [{ max, windowMs: DAY_MS, aligned: true }],
          },
        ],
        'daily_limit_reached',
      );
    },
    /**
     * The store of @fastify/rate-limit's per-route limits (`config.rateLimit` of a route): they count through this
     * limiter too, so they hold across processes and fail open to memory like every other limit.
     */
    routeStore() {
      const count = hit;
      return class RouteStore {
        readonly scope: string;
        constructor(scope?: unknown) {
          this.scope = typeof scope === 'string' ? scope : 'all';
        }
        incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void, timeWindow: number) {
          count([{ key: `${prefix}route:${this.scope}:${key}:${timeWindow}`, windowMs: timeWindow }]).then(
            ([{ count: current, ttlMs }]) => cb(null, { current, ttl: ttlMs }),
            (err: Error) => cb(err),
          );
        }
        // The plugin hands over its merged options with the route under `routeInfo` (its types say otherwise).
        child(routeOptions: object) {
          const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
          return new RouteStore(route?.url ? `${[route.method].flat().join(',')} ${route.url}` : 'all');
        }
      };
    },
    /** Stops probing and closes the Redis connection. */
    close: () => counters.close(),
  };
}

export type TRateLimiter = ReturnType<typeof createRateLimiter>;

/** Builds the limiter of a process: shared through Redis when a URL is given, else in memory. */
export async function createSiteRateLimiter(options: {
  enabled: boolean;
  redisUrl: string | undefined;
  namespace?: string;
  now?: () => number;
  log: TLimiterLog;
}): Promise<TRateLimiter> {
  const store = options.redisUrl ? await createRedisStore(options.redisUrl) : undefined;
  return createRateLimiter({ ...options, store });
}
