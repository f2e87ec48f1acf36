import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  TARGET_OPERATIONS,
  type TOperation,
  type TRateLimiter,
  type TReadKind,
  type TTargetOperation,
} from './rate-limit.ts';

/** Sets `retry-after` from a limit error's data, then rethrows it. */
function withRetryAfter(reply: FastifyReply, err: unknown): never {
  const seconds = (err as { data?: { retry_after?: number } }).data?.retry_after;
  if (seconds) reply.header('retry-after', String(seconds));
  throw err;
}

/**
 * A route hook that spends the request IP's budget of an operation (with `retry-after` on a 429); for an
 * address-targeted operation also the site-wide cap and the budget of the inbox in the body's `email`.
 */
export function limitOperation(limiter: TRateLimiter, operation: TOperation) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await limiter.consume(operation, request.ip);
      if ((TARGET_OPERATIONS as readonly string[]).includes(operation)) {
        await limiter.consumeTarget(
          operation as TTargetOperation,
          (request.body as { email?: unknown } | undefined)?.email,
        );
      }
    } catch (err) {
      withRetryAfter(reply, err);
    }
  };
}

/** A route hook that counts one read of profiles or search results by the request's member or visitor IP. */
export function limitReads(limiter: TRateLimiter, kind: TReadKind) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      await limiter.consumeRead(kind, { ip: request.ip, memberId: request.user?.profile.id });
    } catch (err) {
      withRetryAfter(reply, err);
    }
  };
}
