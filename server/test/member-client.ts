import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  endpointUrl,
  takesQuery,
  type TEndpoint,
  type TEndpointAnswer,
  type TEndpointInput,
} from '#common/endpoint.ts';
import type { TErrorBody } from '#common/errors.ts';
import { CLIENT } from './factories.ts';

/** An answer as a test sees it: the status, the body parsed by the response schema, the raw answer's headers. */
export interface TMemberAnswer<E extends TEndpoint> {
  status: number;
  /**
   * A 2xx answer's body parsed by the endpoint's response schema (`null` for 204). Any other answer's raw JSON body
   * (the error) is here too, so that `toEqual({ error })` reads as before; its typed view is `error`.
   */
  body: TEndpointAnswer<E>;
  /** The error body of a non-2xx answer. */
  error: TErrorBody | undefined;
  headers: Record<string, string | string[] | number | undefined>;
  /** The cookies the answer sets (`value` '' when it clears one). */
  cookies: Array<{ name: string; value: string }>;
}

/** What a call adds to its endpoint and input: more headers (they win over the client's) or cookies. */
export interface TCallExtras {
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The client's address (per-IP limits, GeoIP). */
  remoteAddress?: string;
}

/** The arguments after the endpoint: its input (required when it takes one), then extras. */
type TArgs<E extends TEndpoint> =
  TEndpointInput<E> extends undefined
    ? [input?: undefined, extras?: TCallExtras]
    : [input: TEndpointInput<E>, extras?: TCallExtras];

/** Parses an answer's body: by the endpoint's response schema when it succeeded, as raw JSON otherwise. */
function parseAnswer(endpoint: TEndpoint, status: number, text: string): { body: unknown; error?: TErrorBody } {
  if (status >= 200 && status < 300) {
    if (endpoint.response === null || status === 204) return { body: null };
    if (endpoint.response === 'file') return { body: text };
    return { body: endpoint.response.parse(JSON.parse(text)) };
  }
  const raw: unknown = text ? JSON.parse(text) : undefined;
  return { body: raw, error: raw as TErrorBody };
}

/** An injected answer as a test sees it (see `TMemberAnswer`). */
function toAnswer<E extends TEndpoint>(endpoint: E, res: LightMyRequestResponse): TMemberAnswer<E> {
  const { body, error } = parseAnswer(endpoint, res.statusCode, res.body);
  // The schema parsed a 2xx body into exactly this endpoint's answer type.
  return {
    status: res.statusCode,
    body: body as TEndpointAnswer<E>,
    error,
    headers: res.headers,
    cookies: res.cookies,
  };
}

/**
 * A client that calls endpoints as our web client does, as a member (their session cookie) or as a visitor (no
 * cookie): `asMember(t.app, anna.cookie).call(likesApi.like, { profile_id: ben })`.
 */
export function asMember(app: FastifyInstance, cookie: Record<string, string> = {}) {
  return {
    async call<E extends TEndpoint>(endpoint: E, ...[input, extras]: TArgs<E>): Promise<TMemberAnswer<E>> {
      const asQuery = takesQuery(endpoint);
      const hasBody = !asQuery && input !== undefined;
      const res = await app.inject({
        method: endpoint.method,
        url: endpointUrl(endpoint, asQuery ? input : undefined),
        // As the web client sends it: JSON with its content type, only when there is a body.
        headers: { ...CLIENT, ...(hasBody ? { 'content-type': 'application/json' } : {}), ...extras?.headers },
        cookies: { ...cookie, ...extras?.cookies },
        ...(extras?.remoteAddress ? { remoteAddress: extras.remoteAddress } : {}),
        ...(hasBody ? { payload: JSON.stringify(input) } : {}),
      });
      return toAnswer(endpoint, res);
    },

    /**
     * Sends a multipart body (built by the test, as the browser sends it; the client's `call` sends JSON only) to an
     * upload endpoint, and answers like `call`: a 2xx body parsed by the endpoint's response schema, else `error`.
     */
    async upload<E extends TEndpoint>(
      endpoint: E,
      form: { payload: Buffer; headers: Record<string, string> },
      extras?: TCallExtras,
    ): Promise<TMemberAnswer<E>> {
      const res = await app.inject({
        method: endpoint.method,
        url: endpointUrl(endpoint),
        headers: { ...CLIENT, ...form.headers, ...extras?.headers },
        cookies: { ...cookie, ...extras?.cookies },
        payload: form.payload,
      });
      return toAnswer(endpoint, res);
    },
  };
}

/** A client calling endpoints as a visitor without a session. */
export const asVisitor = (app: FastifyInstance) => asMember(app);
