import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { seedAll } from './db/seed/seed.ts';
import { drainDueJobs, startJobLoop } from './jobs/jobs.ts';
import { DatabaseStartupError } from './db/connect-error.ts';
import { createLogger, serializeError, type TLogger } from './lib/logger.ts';
import { createServices } from './services.ts';
import { ensureRetentionScheduled } from './modules/accounts/retention.job.ts';
import { ensureNotificationJobsScheduled } from './modules/notifications/notifier/notify-sweep.job.ts';
import { ensurePhotoVariantsScheduled } from './modules/photos/photo-variants.job.ts';

/** After the drain: how long closing (in-flight requests, sockets, hub, database) may take before exit 1. */
const SHUTDOWN_TIMEOUT_MS = 15_000;
/** After the drain: requests are refused (503) until none has arrived for this long, then the listener closes. */
const REFUSE_QUIET_MS = 1_000;
/** After the drain: the longest the refusing lasts while requests keep arriving. */
const REFUSE_MAX_MS = 5_000;
/** How often the process looks for due background jobs. */
const JOB_POLL_MS = 10_000;

let log: TLogger | undefined;

/** Process entry: config, database, seed, HTTP server, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, pretty: !config.isProduction && process.stdout.isTTY });
  log = logger;
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    onIdleError: (err) => logger.error({ err }, 'idle database client error'),
    // Seeding runs under the start-up lock with the migrations, so processes started together never race.
    startup: (db) => seedAll(db, config, (msg) => logger.info(msg)),
  });
  const services = await createServices(config, database, { log: logger });
  const app = await buildApp({ services });
  await app.listen({ port: config.port, host: config.host });
  if (config.isProduction && config.payments.provider === 'sandbox') {
    // The demo command runs in production mode: fine there, but a real site must not hand out free credits.
    app.log.warn('PAYMENT_PROVIDER is the sandbox: purchases are test payments; set PAYMENT_PROVIDER=mollie to sell');
  }
  if (config.isProduction && config.devMailbox) {
    app.log.warn(
      config.devMailboxAnyClient
        ? '/dev/mailbox shows every email and SMS code the site sent to ANY address (DEV_MAILBOX=true): a demo only'
        : '/dev/mailbox shows every email and SMS code the site sent to loopback clients (this machine): a demo only (DEV_MAILBOX=false to hide)',
    );
  }
  if (config.isProduction && !config.sms) {
    app.log.warn('SMS_GATEWAY_URL is not set: direct debit SMS codes go to the mailbox table, not to phones');
  }
  // The daily storage-limit clean-up reschedules itself; a first run is added when none is pending (new database).
  await ensureRetentionScheduled(database.db, services.now());
  // The hourly notification sweep (unread reminders, reminders) and the weekly digest, likewise.
  await ensureNotificationJobsScheduled(database.db, services.now());
  // Photos stored before the responsive variants get them in the background, a batch per job (issue 32).
  await ensurePhotoVariantsScheduled(database.db, services.now());
  // Each tick drains what is due (a backlog in full batches, for up to 30 s), then waits JOB_POLL_MS.
  const stopJobs = startJobLoop(
    () => drainDueJobs(services.runJobs, { stopped: () => services.lifecycle.shuttingDown }),
    JOB_POLL_MS,
    (err) => app.log.error({ err }, 'job run failed'),
  );

  let closing = false;
  let endDrain = () => {};
  // When the last request or connection arrived during a shutdown; a second signal cuts the refusing short too.
  let lastArrival = Date.now();
  let cutShort = false;
  /** Resolves once no request or connection has arrived for `quietMs`, or after `maxMs` at most. */
  const quietPeriod = async (quietMs: number, maxMs: number) => {
    const until = Date.now() + maxMs;
    for (let now = Date.now(); now - lastArrival < quietMs && now < until && !cutShort; now = Date.now()) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(quietMs - (now - lastArrival), until - now)));
    }
  };
  const shutdown = async (signal: string) => {
    // A second signal cuts the drain and the refusing short (an operator pressing Ctrl-C twice).
    if (closing) {
      cutShort = true;
      return endDrain();
    }
    closing = true;
    // /readyz answers 503 from now on, so the load balancer stops sending new requests here.
    services.lifecycle.shuttingDown = true;
    // Every answer during the drain ends its connection, so keep-alive clients open their next one elsewhere
    // instead of sending it on a connection that the close below would reset.
    app.server.prependListener('request', (_request, response) => {
      lastArrival = Date.now();
      response.setHeader('connection', 'close');
    });
    app.server.on('connection', () => {
      lastArrival = Date.now();
    });
    const drainMs = config.shutdownDrainMs;
    app.log.info({ signal, drainMs }, `shutting down: /readyz answers 503, still serving for ${drainMs} ms`);
    await new Promise<void>((resolve) => {
      const drain = setTimeout(resolve, drainMs);
      endDrain = () => {
        clearTimeout(drain);
        resolve();
      };
    });
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Closing now would reset the connections clients have just opened and not yet sent their request on (Node closes
    // every connection without a request in progress). Instead every request still arriving is answered 503 with
    // Retry-After (each answer ends its connection) until none has come for a moment; then the listener closes.
    services.lifecycle.refusing = true;
    app.log.info('shutting down: drain over, refusing new requests with 503');
    await quietPeriod(REFUSE_QUIET_MS, REFUSE_MAX_MS);
    app.log.info('shutting down: listener closed, finishing in-flight requests');
    const jobsStopped = stopJobs();
    // Fastify answers 503 to requests arriving now, waits for those in flight, and closes the sockets with 1001.
    await app.close();
    // Emails that requests left sending in the background finish or time out (SMTP_TIMEOUT_MS) before the database closes.
    await services.settleJobs();
    // A job run the poller had started finishes too (bounded by the shutdown timeout; a job cut off is retried by
    // another process after its lease).
    await jobsStopped;
    await services.realtime.close();
    await services.rateLimits.close();
    services.mailer.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The cause of a failed start-up in one line. A database error of a query (seeding) is reduced as every logged one
 * is (its SQLSTATE and the query's first words), since its message may hold the query's values.
 */
function startupFailure(err: unknown): string {
  if (err instanceof DatabaseStartupError) return err.message;
  const serialized = serializeError(err);
  if (serialized.type === 'DatabaseError') {
    return `database query failed (${String(serialized.code ?? 'no code')}): ${String(serialized.query ?? '')}`;
  }
  return err instanceof Error ? err.message : String(err);
}

main().catch((err: unknown) => {
  // A bad configuration fails before the process logger exists: one made with the defaults says so in the same shape.
  const logger = log ?? createLogger({ level: 'info', pretty: process.stdout.isTTY });
  logger.fatal({ err }, `start-up failed: ${startupFailure(err)}`);
  process.exit(1);
});
