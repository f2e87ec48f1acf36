import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { ZSearchQuery } from '../search.ts';
import { zText } from '../text.ts';
import { ZProfileCard } from './profile-card.ts';

/** `GET /api/search.php` query: the search state of spec §3 plus the traffic source of a logged-out visitor. */
export const ZSearchRequest = ZSearchQuery.extend({ network: zText().optional(), ref: zText().optional() });

/** `GET /api/search.php` answer: a page of results, and similar members when there are few. */
export const ZSearchResponse = z.object({
  results: z.array(ZProfileCard),
  numResults: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  similar: z.array(ZProfileCard),
});

export type TSearchResponse = z.infer<typeof ZSearchResponse>;

/** Member search (spec §3 search state, §4 logged-out visibility). */
export const searchApi = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/search.php',
    tags: ['profiles'],
    summary: 'Search members',
    query: ZSearchRequest,
    response: ZSearchResponse,
  }),
};
