import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { TEndpoint, TEndpointReturn } from '#common/endpoint.ts';
import { staffGuard } from '#server/plugins/staff-auth.ts';

/** What a route adds to its endpoint: rate limits, hooks and router constraints, never the schema or path. */
export type TRouteOptions = Pick<RouteOptions, 'config' | 'preHandler' | 'onRequest' | 'constraints' | 'bodyLimit'>;

/** The limit of a console endpoint that sets none (per address). */
const CONSOLE_RATE_LIMIT = { max: 600, timeWindow: '1 minute' };

/** The validated body of an endpoint's request (`unknown` for multipart: the route reads the parts). */
type TBodyOf<E extends TEndpoint> = E['body'] extends z.ZodType ? z.output<E['body']> : unknown;

/** The validated query of an endpoint's request (its fixed query, or its query schema's output). */
type TQueryOf<E extends TEndpoint> = E['query'] extends z.ZodType
  ? z.output<E['query']>
  : E['fixedQuery'] extends Readonly<Record<string, string>>
    ? E['fixedQuery']
    : unknown;

/** The request a handler of an endpoint receives, typed from its schemas. */
export type TEndpointRequest<E extends TEndpoint> = FastifyRequest<{ Body: TBodyOf<E>; Querystring: TQueryOf<E> }>;

/**
 * A route's handler: resolves with the answer (nothing for a 204 endpoint), or with the reply it sent itself (a
 * download always does).
 */
export type TEndpointHandler<E extends TEndpoint> = (
  request: TEndpointRequest<E>,
  reply: FastifyReply,
) => Promise<TEndpointReturn<E> | FastifyReply>;

/** The query schema of an endpoint: its own, or one requiring its fixed query's values. */
function querySchema(endpoint: TEndpoint): z.ZodType | undefined {
  if (endpoint.query) return endpoint.query;
  if (!endpoint.fixedQuery) return undefined;
  return z.object(
    Object.fromEntries(Object.entries(endpoint.fixedQuery).map(([key, value]) => [key, z.literal(value)])),
  );
}

/** The response schemas of an endpoint: 204 with no body, or its answer under its status. */
function responseSchema(response: z.ZodType | null, status: 200 | 201 = 200) {
  return response === null ? { 204: z.null() } : { [status]: response };
}

/** The Fastify schema of an endpoint: what /api/docs shows and what validation and serialization use. */
function routeSchema(endpoint: TEndpoint) {
  const querystring = querySchema(endpoint);
  return {
    ...(endpoint.hide ? { hide: true } : {}),
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(endpoint.body === 'multipart' ? { consumes: ['multipart/form-data'] } : {}),
    ...(querystring ? { querystring } : {}),
    ...(endpoint.body && endpoint.body !== 'multipart' ? { body: endpoint.body } : {}),
    ...(endpoint.response === 'file' ? {} : { response: responseSchema(endpoint.response, endpoint.status) }),
  };
}

/** A strong validator of an answer: a hash of the JSON it serializes to (the same answer, the same tag). */
export function answerTag(answer: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an `If-None-Match` header names the tag (a list, weak or strong: GET compares weakly, RFC 9110 §13.1.2). */
export function tagMatches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === tag);
}

/**
 * A polled GET's answer (endpoint `revalidate`): tagged and revalidated on every use, or 304 with no body when the
 * browser already holds it. The tag is written even when the answer is 200, so the next poll can be answered 304.
 */
function revalidated(request: FastifyRequest, reply: FastifyReply, answer: unknown): unknown {
  const tag = answerTag(answer);
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  if (!tagMatches(request.headers['if-none-match'], tag)) return answer;
  return reply.status(304).send();
}

/**
 * Registers an endpoint on the app: its method and path, its schema (body, query, answer, docs) and the handler. A
 * 204 endpoint's reply is sent here; an endpoint answering 201 gets that status unless the handler sent the reply.
 * Shaped like Fastify's own shorthand (`app.get(path, options, handler)`), so every registration reads as one
 * declaration with its handler last.
 */
// eslint-disable-next-line max-params -- Fastify's route shape (app, what, options, handler), see above
export function route<E extends TEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: TRouteOptions,
  handler: TEndpointHandler<E>,
): void {
  const run = async (request: FastifyRequest, reply: FastifyReply) => {
    // Fastify validated body and query against the schemas above before the handler runs.
    const answer = await handler(request as TEndpointRequest<E>, reply);
    if (reply.sent || answer === reply) return reply;
    if (endpoint.response === null) return reply.status(204).send(null);
    if (endpoint.status) reply.status(endpoint.status);
    if (endpoint.revalidate) return revalidated(request, reply, answer);
    return answer;
  };
  const consoleRoute = endpoint.path.startsWith('/api/admin/');
  if (consoleRoute !== Boolean(endpoint.staff))
    throw new Error(`${endpoint.method} ${endpoint.path}: console endpoints, and only they, declare \`staff\``);
  const onRequest = endpoint.staff ? [options.onRequest ?? [], staffGuard(endpoint.staff)].flat() : options.onRequest;
  app.route({
    ...options,
    ...(onRequest ? { onRequest } : {}),
    config: {
      // Console endpoints without a limit of their own get a generous one per address: a support team works fast,
      // a stolen session or a script does not get the whole database in a minute.
      ...(endpoint.staff ? { rateLimit: CONSOLE_RATE_LIMIT } : {}),
      ...options.config,
      ...(endpoint.staff ? { staff: endpoint.staff } : {}),
    },
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    handler: run as RouteHandlerMethod,
  });
}
