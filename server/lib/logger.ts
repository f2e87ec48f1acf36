import { ipPrefix } from './ip-prefix.ts';
import { pino, type DestinationStream, type Logger } from 'pino';

/** The process logger: Fastify's request logs and every service write through one pino instance. */
export type TLogger = Logger;

/** Paths pino replaces with `[redacted]` wherever they appear in a log line. */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.iban',
  '*.otp',
  '*.token',
];

/**
 * Query parameters whose values may be logged. Every other value (tokens of emailed links, positions, codes, emails)
 * is replaced, so a log reader can never replay a link or learn where a member is.
 */
const LOGGED_QUERY_PARAMS = new Set([
  'page',
  'limit',
  'before',
  'after',
  'gender',
  'min_age',
  'max_age',
  'country',
  'lang',
  'locale',
  'welcome',
  'type',
  'tab',
]);

/** Query strings that carry a position are dropped whole (city precision only). */
const POSITION_PATHS = /^\/api\/geocode\.php(\?|$)/;

/** The URL as logged: the path, and the query with only allow-listed values kept. */
export function loggedUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  if (POSITION_PATHS.test(url)) return `${url.slice(0, q)}?[redacted]`;
  const params = new URLSearchParams(url.slice(q + 1));
  const kept = [...params].map(([k, v]) => `${k}=${LOGGED_QUERY_PARAMS.has(k) ? v : '[redacted]'}`);
  return `${url.slice(0, q)}?${kept.join('&')}`;
}

/**
 * The request as logged: Fastify's default fields, with query values outside the allow-list removed from the URL and
 * the client address truncated like everywhere it is kept (IPv4 /24, IPv6 /48; the privacy page promises no full
 * address outlives the 30 days of login attempts). The remote port is left out: with the address it identifies a client.
 */
export function serializeRequest(request: { method: string; url: string; host?: string; ip?: string }) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: ipPrefix(request.ip) ?? undefined,
  };
}

type TErrorLike = {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  query?: unknown;
  cause?: unknown;
  constraint?: unknown;
};

/** The first words of a SQL statement: enough to tell which query failed, never its values. */
function queryHead(query: string): string {
  return query.trim().split(/\s+/).slice(0, 4).join(' ').slice(0, 80);
}

/** Drizzle's message for a failed query ('Failed query: <sql>\nparams: <values>'), also when copied into another. */
const FAILED_QUERY = /Failed query:\s*/;

/** A SQLSTATE: its class (00–58, F0, HV, P0, XX) and three more; not an errno such as EAUTH or EPIPE. */
const SQLSTATE = /^([0-5][0-9A-Z]|F0|HV|P0|XX)[0-9A-Z]{3}$/;

/** Anything shaped like an email address (an SMTP refusal names the recipient). */
const ADDRESS = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/** The text with every email address replaced. */
function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, '[address]');
}

/**
 * Errors as logged. A database error (Drizzle's wrapper with `query` and `params`, a message that quotes one, or the
 * driver's error with a SQLSTATE `code`) is reduced to its code, constraint and the query's first words: query
 * parameters and the driver's message and detail carry member data (an IBAN, an email), so they never reach a log.
 * Any other error keeps its message and stack, without email addresses.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: withoutAddresses(String(err)) };
  const chain: TErrorLike[] = [];
  for (let e = err as TErrorLike | undefined; e && typeof e === 'object' && chain.length < 5; e = e.cause as TErrorLike)
    chain.push(e);
  const withQuery = chain.find((e) => typeof e.query === 'string');
  const quoting = chain.find((e) => typeof e.message === 'string' && FAILED_QUERY.test(e.message));
  const withSqlState = chain.find((e) => typeof e.code === 'string' && SQLSTATE.test(e.code));
  if (withQuery || quoting || withSqlState) {
    const quoted = quoting?.message?.split(FAILED_QUERY) ?? [];
    const query = withQuery ? String(withQuery.query) : quoted[1];
    // What a wrapping error said before it quoted the query ("could not load the member:").
    const context = quoted[0] ? withoutAddresses(quoted[0].trim().replace(/:$/, '')) : undefined;
    return {
      type: 'DatabaseError',
      code: withSqlState?.code,
      constraint: typeof withSqlState?.constraint === 'string' ? withSqlState.constraint : undefined,
      query: query === undefined ? undefined : queryHead(query.split('\n')[0]),
      message: context || undefined,
      // Only the stack's frames: its head repeats the message (and with it the parameters).
      stack: (chain[0].stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n'),
    };
  }
  const serialized = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  for (const key of ['message', 'stack']) {
    if (typeof serialized[key] === 'string') serialized[key] = withoutAddresses(serialized[key]);
  }
  return serialized;
}

/**
 * An error in one line as kept beside a record (a job's `last_error`): what `serializeError` logs of it, so no query,
 * parameter or address is stored either.
 */
export function errorSummary(err: unknown): string {
  const e = serializeError(err);
  if (e.type === 'DatabaseError') {
    const parts = [e.message, e.code && `SQLSTATE ${String(e.code)}`, e.query && `query "${String(e.query)}…"`];
    return `database error: ${parts.filter(Boolean).join(', ')}`.slice(0, 500);
  }
  return String(e.message ?? e.type ?? 'error').slice(0, 500);
}

/** Creates the process logger: JSON in production and when not on a terminal, pretty on a developer's terminal. */
export function createLogger(opts: { level: string; pretty?: boolean; destination?: DestinationStream }): TLogger {
  const options = {
    level: opts.level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { req: serializeRequest, err: serializeError, error: serializeError },
  };
  if (opts.destination) return pino(options, opts.destination);
  if (opts.pretty) return pino({ ...options, transport: { target: 'pino-pretty' } });
  return pino(options);
}
