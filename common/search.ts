import { z } from 'zod';
import { zText } from './text.ts';

/** Results per search page. */
export const SEARCH_PAGE_SIZE = 24;
/** Below this many results on the first page, similar profiles are suggested (spec §3 'similar results'). */
export const SIMILAR_THRESHOLD = 6;

/** The search state of spec §3 as query parameters: gender, country, countryregion, min_age, max_age, page. */
export const ZSearchQuery = z.object({
  gender: z.enum(['male', 'female']).optional().catch(undefined),
  country: zText()
    .regex(/^[A-Za-z]{2}$/)
    .transform((v) => v.toUpperCase())
    .optional()
    .catch(undefined),
  countryregion: zText().max(10).optional().catch(undefined),
  min_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  max_age: z.coerce.number().int().min(18).max(99).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(1000).default(1).catch(1),
});

export type TSearchQuery = z.output<typeof ZSearchQuery>;
