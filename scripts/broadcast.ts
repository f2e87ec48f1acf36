// `npm run broadcast -- <site domain> <promotions|news> <file.json>`: an operator sends a promotion or a news item to
// every member of a site who opted in to that kind (marketing consent), by email and push as each member's switches
// say, in each member's language. The file holds the text per locale, English required:
//   { "en": { "title": "…", "body": "…", "url": "https://…/premium" }, "de": { … } }
// The job loop of the running site sends it (in batches, once per member and channel, however often it is retried).
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { z } from 'zod';
import { ZBroadcastMessages } from '#common/broadcast.ts';
import { loadConfig } from '#server/config.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { queueBroadcast } from '#server/modules/notifications/notifier/notify-sweep.job.ts';
import { createSitesService, normaliseHost } from '#server/modules/sites/sites.service.ts';

const ZFile = ZBroadcastMessages;

const [domain, kind, file] = process.argv.slice(2);
if (!domain || (kind !== 'promotions' && kind !== 'news') || !file) {
  console.error('usage: npm run broadcast -- <site domain> <promotions|news> <file.json>');
  process.exit(2);
}
const parsed = ZFile.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
if (!parsed.success) {
  console.error(`The file is not valid: ${z.prettifyError(parsed.error)}`);
  process.exit(2);
}
const config = loadConfig();
const database = await connectDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.databaseUrl ? null : config.dataDir,
});
let code = 0;
try {
  const site = await createSitesService({ db: database.db }).resolve(domain);
  if (site.domain !== normaliseHost(domain)) throw new Error(`no site with the domain ${domain}`);
  const broadcast = randomUUID();
  const messages = parsed.data as Record<string, { title: string; body: string; url: string }>;
  await queueBroadcast(database.db, { broadcast, siteId: site.id, kind, messages }, new Date());
  console.log(`Broadcast ${broadcast} (${kind}) queued for ${site.domain}; the running site sends it.`);
} catch (error) {
  code = 1;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await database.close();
}
process.exit(code);
