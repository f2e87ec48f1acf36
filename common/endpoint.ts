import type { z } from 'zod';
import type { TStaffAccess } from './staff.ts';

/** The HTTP methods of the API. */
export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an endpoint is: the one place its method, path, input and answer are written. */
export interface TEndpoint {
  method: THttpMethod;
  path: `/${string}`;
  summary: string;
  tags: readonly string[];
  /**
   * A query that tells this endpoint from another on the same method and path (`POST /api/user.php?push=1` beside
   * login): the web always sends it and the server's route requires it.
   */
  fixedQuery?: Readonly<Record<string, string>>;
  /** The JSON body, or `'multipart'` for a file upload (the route reads the parts itself). */
  body?: z.ZodType | 'multipart';
  query?: z.ZodType;
  /** The answer: a schema, `null` for 204 No Content, or `'file'` for a download the route streams itself. */
  response: z.ZodType | null | 'file';
  /**
   * A GET a page polls: answered with a strong `ETag` of its body, `Cache-Control: private, no-cache`, and 304 with
   * no body when the request's `If-None-Match` names the current one (a tab whose socket is down polls every minute).
   */
  revalidate?: true;
  /** The status of a successful answer with a body (default 200). */
  status?: 200 | 201;
  /** Left out of /api/docs (OpenAPI has one operation per method and path; fixed-query twins share theirs). */
  hide?: boolean;
  /**
   * A console endpoint (`/api/admin/…`, required there): who may call it. `route()` checks the staff session and role
   * before the handler; the handler checks the site of every id the request names (server/plugins/staff-auth.ts).
   */
  staff?: TStaffAccess;
}

/** Declares one endpoint; keeps the literal types, so that bodies, queries and answers are inferred from it. */
export function defineEndpoint<const E extends TEndpoint>(endpoint: E): E {
  return endpoint;
}

/** What a client sends as the JSON body of an endpoint (`undefined` when it takes none). */
export type TEndpointBody<E extends TEndpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : undefined;

/** What a client sends as the query of an endpoint, beside its fixed query (`undefined` when it takes none). */
export type TEndpointQuery<E extends TEndpoint> = E['query'] extends z.ZodType ? z.input<E['query']> : undefined;

/** What a client receives from an endpoint (`null` for 204 No Content, the bytes of a download). */
export type TEndpointAnswer<E extends TEndpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : E['response'] extends 'file'
    ? string
    : null;

/** What a handler returns for an endpoint's answer, before the response schema serializes it (a download: nothing). */
export type TEndpointReturn<E extends TEndpoint> = E['response'] extends z.ZodType
  ? z.input<E['response']>
  : E['response'] extends 'file'
    ? never
    : void;

/** The one input a client passes: the body when the endpoint takes one, else its query. */
export type TEndpointInput<E extends TEndpoint> = E['body'] extends z.ZodType
  ? TEndpointBody<E>
  : E['query'] extends z.ZodType
    ? TEndpointQuery<E>
    : undefined;

/** The method, path and query string a client requests for an endpoint (fixed query first). */
export function endpointUrl(endpoint: TEndpoint, query?: unknown): string {
  const params = new URLSearchParams(endpoint.fixedQuery);
  for (const [key, value] of Object.entries(typeof query === 'object' && query !== null ? query : {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${endpoint.path}?${search}` : endpoint.path;
}

/** True when the endpoint's second argument is its query (it takes no JSON body). */
export function takesQuery(endpoint: TEndpoint): boolean {
  return endpoint.body === undefined && endpoint.query !== undefined;
}
