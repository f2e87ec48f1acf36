// `npm run db:seed`: applies migrations and seeds sites and demo members into the configured database.
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { seedAll } from '#server/db/seed/seed.ts';

const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
});
await seedAll(database.db, config, console.log);
await database.close();
console.log('Seed complete.');
