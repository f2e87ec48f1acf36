import { data } from 'react-router';
import type { TRequestContext } from '#server/web/request-context.ts';
import { isAppError } from '#web/lib/form/action-result.server.ts';

/**
 * Counts one read of profiles or search results for a page loader (scraping): the member's budget and their
 * IP's, or a visitor's IP's. Past a budget the page answers 429 with `retry-after`; the error page says to slow down.
 */
export async function limitPageRead(ctx: TRequestContext, kind: 'profile_read' | 'search_read'): Promise<void> {
  try {
    await ctx.services.rateLimits.consumeRead(kind, { ip: ctx.ip, memberId: ctx.user?.profile.id });
  } catch (err) {
    if (!isAppError(err) || err.code !== 'rate_limited') throw err;
    const seconds = (err.data as { retry_after?: number } | undefined)?.retry_after ?? 60;
    throw data('', { status: 429, headers: { 'retry-after': String(seconds), 'cache-control': 'no-store' } });
  }
}

/** The `headers` of a page that limits reads: a 429's `retry-after` reaches the answer (also of `.data` requests). */
export function readLimitHeaders({ errorHeaders }: { errorHeaders?: Headers }): HeadersInit {
  return errorHeaders ?? {};
}
