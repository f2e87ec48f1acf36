import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { connectDatabase } from './db/connect.ts';
import { seedAll } from './db/seed/seed.ts';
import { startJobLoop } from './jobs/jobs.ts';
import { createLogger, type TLogger } from './lib/logger.ts';
import { createServices } from './services.ts';

const SHUTDOWN_TIMEOUT_MS = 15_000;
/** How often the process looks for due background jobs. */
const JOB_POLL_MS = 60_000;

let log: TLogger | undefined;

/** Process entry: config, database, seed, HTTP server, graceful shutdown. */
async function main() {
  const config = loadConfig();
  const logger = createLogger({ level: config.logLevel, pretty: !config.isProduction && process.stdout.isTTY });
  log = logger;
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? null : config.dataDir,
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
  const stopJobs = startJobLoop(services.runJobs, JOB_POLL_MS, (err) => app.log.error({ err }, 'job run failed'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    services.lifecycle.shuttingDown = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    stopJobs();
    await app.close();
    await services.realtime.close();
    services.mailer.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // Before the logger exists (a bad configuration) the message is all there is to say.
  if (log) log.fatal({ err }, 'start-up failed');
  else process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
