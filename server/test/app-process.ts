/**
 * One app process for multi-process tests: the API (no web app) on DATABASE_URL and REDIS_URL, listening on a free
 * port that it prints as `{"port":N}` on stdout. Ends on SIGTERM.
 */
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/connect.ts';
import { createServices } from '../services.ts';

const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
const services = await createServices(config, database);
const app = await buildApp({ services, web: false, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
process.on('SIGTERM', () => {
  void (async () => {
    await app.close();
    await services.realtime.close();
    await services.rateLimits.close();
    services.mailer.close();
    await database.close();
    process.exit(0);
  })();
});
