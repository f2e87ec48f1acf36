/** A database start-up failure with one line an operator can act on; the driver's error is its cause. */
export class DatabaseStartupError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'DatabaseStartupError';
  }
}

/** Network errors of opening a connection: the database cannot be reached at all. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);

/** What a log may say about where the database is: host, port, database and user, never the password. */
export function databaseTarget(databaseUrl: string): { host: string; port: string; database: string; user: string } {
  // Never throws: a TypeError of `new URL` carries the whole URL, password included, into the log line.
  if (!URL.canParse(databaseUrl)) return { host: '(unparsable DATABASE_URL)', port: '?', database: '?', user: '?' };
  const url = new URL(databaseUrl);
  // A Unix socket directory is given as `?host=/run/postgresql`.
  const host = url.searchParams.get('host') ?? (url.hostname || 'localhost');
  const user = decodeURIComponent(url.username);
  return {
    host,
    port: url.port || '5432',
    database: decodeURIComponent(url.pathname.slice(1)) || user,
    user,
  };
}

type TErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** The error and its causes (and, for a connection tried on several addresses, the first attempt's error). */
function chainOf(err: unknown): TErrorLike[] {
  const chain: TErrorLike[] = [];
  for (let e = err; e && typeof e === 'object' && chain.length < 6;) {
    const current = e as TErrorLike;
    chain.push(current);
    e = current.cause ?? (Array.isArray(current.errors) ? current.errors[0] : undefined);
  }
  return chain;
}

/**
 * One line saying why the database could not be opened at start-up: `database unreachable at db:5432: ECONNREFUSED`,
 * `database unreachable at db:5432: no answer within 5000 ms`, `database "x" does not exist at db:5432`, or the
 * server's own message with its SQLSTATE (a refused login, too many clients). Never the password or a query's values.
 */
export function describeConnectFailure(err: unknown, databaseUrl: string, timeoutMs: number): string {
  const { host, port, database } = databaseTarget(databaseUrl);
  const at = `${host}:${port}`;
  const chain = chainOf(err);
  const network = chain.find((e) => typeof e.code === 'string' && UNREACHABLE.has(e.code));
  if (network) return `database unreachable at ${at}: ${String(network.code)}`;
  // pg-pool and pg say "timeout exceeded when trying to connect" and "Connection terminated due to connection timeout".
  if (chain.some((e) => typeof e.message === 'string' && /timeout/i.test(e.message))) {
    return `database unreachable at ${at}: no answer within ${timeoutMs} ms`;
  }
  const server = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  if (server?.code === '3D000') return `database "${database}" does not exist at ${at}`;
  if (server) return `database at ${at} refused the connection: ${String(server.message)} (${String(server.code)})`;
  const message = chain.find((e) => typeof e.message === 'string' && e.message)?.message;
  return `database at ${at} failed: ${typeof message === 'string' ? message : String(err)}`;
}

/** One line for a migration that failed: the server's message and SQLSTATE (the migrations hold no member data). */
export function describeMigrationFailure(err: unknown): string {
  const chain = chainOf(err);
  const server = chain.find((e) => typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code));
  if (server) return `database migration failed: ${String(server.message)} (${String(server.code)})`;
  const innermost = chain.findLast((e) => typeof e.message === 'string' && e.message)?.message;
  return `database migration failed: ${typeof innermost === 'string' ? innermost : String(err)}`;
}
