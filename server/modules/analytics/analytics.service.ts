import type { TCore } from '#server/core.ts';
import { insertPageEvent } from './analytics.repository.ts';

/** Longest page path kept with an event. */
const MAX_PATH_LENGTH = 300;

/** Path part of a same-site Referer, capped, or '/' when absent or foreign (another site's paths are not ours to keep). */
export function refererPath(referer: string | undefined, host: string | undefined): string {
  if (!referer) return '/';
  try {
    const url = new URL(referer);
    return url.host === host ? url.pathname.slice(0, MAX_PATH_LENGTH) : '/';
  } catch {
    return '/';
  }
}

/** Page analytics (spec §7 page-hidden beacon). */
export function createAnalyticsService(core: Pick<TCore, 'db'>) {
  const { db } = core;
  return {
    /** Records a page bounce for the same-site page the beacon was sent from. */
    async recordPageHidden(siteId: number, referer: string | undefined, host: string | undefined): Promise<void> {
      await insertPageEvent(db, { siteId, kind: 'hidden', path: refererPath(referer, host) });
    },
  };
}

export type TAnalyticsService = ReturnType<typeof createAnalyticsService>;
