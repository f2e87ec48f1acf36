/**
 * One process starting on DATABASE_URL as the app does (migrate, then seed the base sites under the start-up lock),
 * for the test of processes started together on an empty database. Prints `ready` and exits 0, or exits 1.
 */
import { connectDatabase } from '../db/connect.ts';
import { seedBaseSites } from '../db/seed/base-sites.ts';

try {
  const database = await connectDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: null,
    startup: seedBaseSites,
  });
  await database.close();
  process.stdout.write('ready\n');
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
