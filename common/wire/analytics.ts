import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** `POST /api/page-hidden.php` body: the beacon carries nothing (the page is its Referer). */
export const ZPageHiddenRequest = z.object({}).passthrough().optional();

/** The page-hidden beacon (spec §7). */
export const analyticsApi = {
  pageHidden: defineEndpoint({
    method: 'POST',
    path: '/api/page-hidden.php',
    tags: ['analytics'],
    summary: 'Page became hidden (beacon)',
    body: ZPageHiddenRequest,
    response: null,
  }),
};
