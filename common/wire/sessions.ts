import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** One live session of the member (`GET /api/sessions.php`): enough to recognise a device, never its token or hash. */
export const ZSession = z.object({
  /** Opaque id for ending this session (derived from the stored hash, which it does not reveal). */
  id: z.string(),
  /** Browser and major version, e.g. 'Firefox 128'; null when the user agent names none. */
  browser: z.string().nullable(),
  /** Operating system, e.g. 'Windows 10', 'iOS 17.5'; null when unknown. */
  os: z.string().nullable(),
  /** desktop | mobile | tablet | tv, or null when unknown. */
  device: z.string().nullable(),
  /** GeoIP country code when the session began (the approximate place: the GeoIP data is country-level). */
  country: z.string().nullable(),
  /** That country's name in the member's language. */
  country_name: z.string().nullable(),
  /** When the session was last used (ISO 8601; written at most every 5 minutes). */
  last_active: z.string(),
  /** True for the session of this request ("this device"). */
  current: z.boolean(),
});

export type TSession = z.infer<typeof ZSession>;

export const ZSessionsResponse = z.object({ sessions: z.array(ZSession) });
export type TSessionsResponse = z.infer<typeof ZSessionsResponse>;

/** `DELETE /api/sessions.php`: `id` ends one session, `others=1` every session but this one. */
export const ZEndSessionsQuery = z.object({
  id: z.string().max(64).optional(),
  others: z.enum(['1']).optional(),
});
export type TEndSessionsQuery = z.infer<typeof ZEndSessionsQuery>;

/** The member's active sessions: list, end one, end all others. */
export const sessionsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/sessions.php',
    tags: ['account'],
    summary: "The member's active sessions (browser, country, last active, this device marked)",
    response: ZSessionsResponse,
  }),
  end: defineEndpoint({
    method: 'DELETE',
    path: '/api/sessions.php',
    tags: ['account'],
    summary: 'Log out one session (?id=) or every other session (?others=1); answers the sessions left',
    query: ZEndSessionsQuery,
    response: ZSessionsResponse,
  }),
};
