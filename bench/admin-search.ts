// `node bench/admin-search.ts`: the console's member search and payments list at 100,000 members on the embedded
// database (PGlite, as the one-command install runs it). For each search it measures the app's code path
// (member-search.repository `searchMembers`, payment-admin.repository `listPayments`) and the very same SQL statements
// run raw through the PGlite client (captured from what the app sent), interleaved in the same run, and, for the text
// searches, the same statements with bitmap scans turned off (what they cost without the trigram indexes).
// BENCH_MEMBERS (100000) and BENCH_ITERATIONS (30) change the size.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { ZMemberSearch, ZPaymentSearch } from '#common/member-admin.ts';
import type { TDb } from '#server/db/connect.ts';
import * as schema from '#server/db/schema/index.ts';
import { seedBaseSites } from '#server/db/seed/base-sites.ts';
import { searchMembers } from '#server/modules/member-admin/member-search.repository.ts';
import { listPayments } from '#server/modules/member-admin/payment-admin.repository.ts';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const WARMUP = 3;
const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../server/db/migrations');

type TStatement = { text: string; params: unknown[] };
const captured: TStatement[] = [];
const client = await PGlite.create({ extensions: { pg_trgm } });
const db = drizzle(client, {
  schema,
  logger: { logQuery: (text, params) => void captured.push({ text, params }) },
}) as unknown as TDb;
await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS });
await seedBaseSites(db);

/** Bulk members: names and addresses from a small pool of words plus a number, spread over the sites. */
async function seed(count: number) {
  const started = performance.now();
  await client.exec(`
    insert into profiles (id, name, gender, birth_date, country, locale, status)
    select 1000000 + i,
      (array['Anna','Bram','Chloe','Daan','Emma','Finn','Greta','Hugo','Iris','Jonas','Kim','Lars','Mila','Noah','Olga',
             'Piet','Quinn','Rosa','Sven','Tess'])[1 + i % 20] || ' ' || (array['de Vries','Jansen','Bakker','Visser',
             'Smit','Meijer','Mulder','Bos','Vos','Peters'])[1 + (i / 20) % 10] || ' ' || i,
      case when i % 2 = 0 then 'female' else 'male' end, date '1990-01-01' - (i % 15000), 'NL', 'nl', 'active'
    from generate_series(1, ${count}) i;
    insert into users (site_id, profile_id, email, password_hash, status, locale, credits, email_confirmed, signup_date,
                       last_login_at)
    select (select min(id) from sites) + i % 4, 1000000 + i,
      lower((array['anna','bram','chloe','daan','emma','finn','greta','hugo','iris','jonas'])[1 + i % 10]) || '.' || i ||
        '@' || (array['example.org','mail.test','post.nl','web.de'])[1 + i % 4],
      '!', case when i % 10 = 0 then 'not_confirmed' else 'active' end, 'nl', i % 500, i % 10 <> 0,
      now() - (i || ' minutes')::interval, now() - (i % 1000 || ' hours')::interval
    from generate_series(1, ${count}) i;
    insert into payments (user_id, package_id, credits, amount_minor, currency, method, provider, status, created_at)
    select u.id, (select min(id) from credit_packages), 50, 749, 'EUR',
      (array['creditcard','ideal','paypal','directdebit'])[1 + u.id % 4], 'sandbox',
      (array['paid','paid','paid','failed','expired','review'])[1 + u.id % 6], u.signup_date + interval '1 hour'
    from users u where u.id % 3 = 0;
    analyze;
  `);
  return performance.now() - started;
}

type TStats = { p50: number; p99: number; mean: number };
/** Percentiles and mean of latencies in milliseconds. */
function stats(ms: number[]): TStats {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length };
}

/** Runs captured statements raw through the client, in order. */
async function runRaw(statements: TStatement[]) {
  for (const s of statements) await client.query(s.text, s.params);
}

/** Times a function. */
async function time(run: () => Promise<unknown>) {
  const t = performance.now();
  await run();
  return performance.now() - t;
}

const seedMs = await seed(MEMBERS);
const [{ id: paymentId }] = (await client.query<{ id: string }>('select id from payments order by id limit 1')).rows;
const [{ profile_id: profileId }] = (
  await client.query<{ profile_id: number }>('select profile_id from users order by id desc limit 1')
).rows;
console.log(`seeded ${MEMBERS} members and their payments in ${(seedMs / 1000).toFixed(1)} s`);

const members = (input: Record<string, unknown>) => () => searchMembers(db, ZMemberSearch.parse(input), null);
const SCENARIOS: { name: string; run: () => Promise<{ rows: unknown[]; total: number }>; text?: boolean }[] = [
  { name: 'members, no query, newest first', run: members({}) },
  { name: 'members, no query, page 200', run: members({ page: 200 }) },
  { name: 'members, email part "jonas.9999"', run: members({ q: 'jonas.9999' }), text: true },
  { name: 'members, email "@web.de" (25% match)', run: members({ q: '@web.de' }), text: true },
  { name: 'members, name part "Greta Bos"', run: members({ q: 'Greta Bos' }), text: true },
  { name: 'members, rare name part "ulder 7777"', run: members({ q: 'ulder 7777' }), text: true },
  { name: 'members, profile id', run: members({ q: String(profileId) }) },
  { name: 'members, payment id', run: members({ q: paymentId }) },
  {
    name: 'members, one site, unconfirmed, by credits',
    run: members({ siteId: 2, status: 'not_confirmed', sort: 'credits' }),
  },
  { name: 'payments, newest first', run: () => listPayments(db, ZPaymentSearch.parse({}), null) },
  { name: 'payments in review', run: () => listPayments(db, ZPaymentSearch.parse({ status: 'review' }), null) },
  { name: 'payments, iDEAL', run: () => listPayments(db, ZPaymentSearch.parse({ method: 'ideal' }), null) },
  {
    name: 'payments, iDEAL, site 3, page 20',
    run: () => listPayments(db, ZPaymentSearch.parse({ method: 'ideal', siteId: 3, page: 20 }), null),
  },
];

const fmt = (s: TStats) => `${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(7)}`;
console.log(`\n${'scenario'.padEnd(46)} ${'found'.padStart(7)} | app p50     p99 |  raw p50     p99 | no-trgm p50`);
for (const scenario of SCENARIOS) {
  captured.length = 0;
  const first = await scenario.run();
  const statements = [...captured];
  if (process.env.BENCH_EXPLAIN && scenario.text) {
    for (const st of statements) {
      const plan = await client.query<Record<string, string>>(`explain analyze ${st.text}`, st.params);
      console.log(`\n-- ${scenario.name}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
  }
  for (let i = 0; i < WARMUP; i++) {
    await scenario.run();
    await runRaw(statements);
  }
  const app: number[] = [];
  const raw: number[] = [];
  // Interleaved, so both paths see the same cache state and machine load.
  for (let i = 0; i < ITERATIONS; i++) {
    app.push(await time(scenario.run));
    raw.push(await time(() => runRaw(statements)));
  }
  let withoutIndex = '';
  if (scenario.text) {
    await client.exec('set enable_bitmapscan = off');
    const ms: number[] = [];
    for (let i = 0; i < Math.min(5, ITERATIONS); i++) ms.push(await time(() => runRaw(statements)));
    await client.exec('reset enable_bitmapscan');
    withoutIndex = stats(ms).p50.toFixed(1).padStart(8);
  }
  const found = `${first.total}`.padStart(7);
  console.log(`${scenario.name.padEnd(46)} ${found} | ${fmt(stats(app))} | ${fmt(stats(raw))} | ${withoutIndex}`);
}
await client.close();
