// `npm run bench:search`: member search at 100,000 profiles on PostgreSQL. For each representative search it
// measures the app's code path (the profiles service `search`) and the very same SQL statements run raw through
// `pg` (captured from what the app sent), interleaved in the same run, and prints p50/p99/mean and their ratio.
// Needs DATABASE_URL (a server where it may create and drop the database `amora_bench_search_<random>`).
// BENCH_ITERATIONS (500) and BENCH_PROFILES (100000) change the size; BENCH_EXPLAIN=1 prints each statement's plan.
import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { ZSearchQuery } from '#common/search.ts';
import { connectDatabase, type TDb } from '#server/db/connect.ts';
import * as schema from '#server/db/schema/index.ts';
import { seedBaseSites } from '#server/db/seed/base-sites.ts';
import { findRelation, markLikeSeen } from '#server/modules/likes/likes.repository.ts';
import { createMatchFinderService } from '#server/modules/match-finder/match-finder.service.ts';
import { createProfilesService } from '#server/modules/profiles/profiles.service.ts';
import { createSearchService } from '#server/modules/search/search.service.ts';
import { seedSearchData } from './search-seed.ts';

const PROFILES = Number(process.env.BENCH_PROFILES ?? 100_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 500);
const WARMUP = 50;
/** Indexed searches answer with p99 under 20 ms at 100,000 profiles. */
const P99_TARGET_MS = 20;

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error(
    'bench:search needs PostgreSQL: set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(1);
}

type TStatement = { text: string; values: unknown[]; rowCount: number | null };
type TScenario = { name: string; query: string; viewer?: boolean; run?: 'matches' | 'profile' };
type TStats = { p50: number; p99: number; mean: number };

const SCENARIOS: TScenario[] = [
  { name: 'no filter', query: '' },
  { name: 'gender', query: 'gender=female' },
  { name: 'country', query: 'country=NL' },
  { name: 'gender + country', query: 'gender=female&country=DE' },
  {
    name: 'gender + country + region + ages',
    query: 'gender=female&country=DE&countryregion=BY&min_age=25&max_age=35',
  },
  { name: 'deep page (gender, page 20)', query: 'gender=female&page=20' },
  { name: 'few matches (+ similar)', query: 'gender=male&country=NZ&countryregion=GIS&min_age=70&max_age=71' },
  { name: 'viewer with blocks, no filter', query: '', viewer: true },
  { name: 'viewer with blocks, gender + country', query: 'gender=female&country=US', viewer: true },
  { name: 'match finder, page 1 (viewer)', query: '', viewer: true, run: 'matches' },
  { name: 'match finder, page 5 (viewer)', query: 'page=5', viewer: true, run: 'matches' },
  { name: 'profile view + related (viewer)', query: '', viewer: true, run: 'profile' },
];

/** Percentiles and mean of latencies in milliseconds. */
function stats(latencies: number[]): TStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
  return { p50: at(0.5), p99: at(0.99), mean: sorted.reduce((s, v) => s + v, 0) / sorted.length };
}

/** A pool that records every statement sent through it, grouped as issued: statements in flight together form a group. */
function recordingPool(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const groups: TStatement[][] = [];
  let inFlight = 0;
  const query = pool.query.bind(pool) as (config: pg.QueryConfig, values?: unknown[]) => Promise<pg.QueryResult>;
  const recording = (config: pg.QueryConfig, values?: unknown[]) => {
    if (inFlight === 0) groups.push([]);
    const statement: TStatement = { text: config.text, values: values ?? config.values ?? [], rowCount: null };
    groups[groups.length - 1].push(statement);
    inFlight++;
    return query(config, values).then(
      (result) => {
        inFlight--;
        statement.rowCount = result.rowCount;
        return result;
      },
      (err: unknown) => {
        inFlight--;
        throw err;
      },
    );
  };
  (pool as unknown as { query: typeof recording }).query = recording;
  return { pool, take: () => groups.splice(0) };
}

/** Runs the captured statements raw, each group concurrently like the app did. */
async function runRaw(pool: pg.Pool, groups: TStatement[][]): Promise<pg.QueryResult[]> {
  const results: pg.QueryResult[] = [];
  for (const group of groups) results.push(...(await Promise.all(group.map((s) => pool.query(s.text, s.values)))));
  return results;
}

const dbName = `amora_bench_search_${randomBytes(6).toString('hex')}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
await admin.end();
const dbUrl = new URL(baseUrl);
dbUrl.pathname = `/${dbName}`;
const url = dbUrl.toString();

/** Drops the bench database once our closed pools' connections are gone (forcing out any left after 5 s). */
async function dropDatabase() {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  // pg's pool.end() resolves before the server has closed its connections; forcing them out then makes the
  // closing clients emit an unhandled 'error'.
  for (let waited = 0; waited < 5000; waited += 50) {
    const { rows } = await c.query('select count(*)::int as n from pg_stat_activity where datname = $1', [dbName]);
    if (rows[0].n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await c.query(`drop database if exists ${dbName} with (force)`);
  await c.end();
}
process.once('SIGINT', () => void dropDatabase().finally(() => process.exit(130)));

const closers: (() => Promise<void>)[] = [];
try {
  // The app's own connection and migrations.
  const database = await connectDatabase({ databaseUrl: url, dataDir: null });
  closers.push(() => database.close());
  await seedBaseSites(database.db);
  const raw = new pg.Pool({ connectionString: url, max: 10 });
  closers.push(() => raw.end());
  const {
    rows: [site],
  } = await raw.query('select min(id) as id from sites');
  const started = performance.now();
  const seeded = await seedSearchData(raw, site.id, PROFILES);
  const seedSeconds = (performance.now() - started) / 1000;

  // The three services a search, the match finder and the profile screen go through.
  const servicesOn = (db: TDb) => ({
    profiles: createProfilesService(
      { db, now: () => new Date() },
      {
        likes: {
          relation: (viewer, id) => findRelation(db, viewer, id),
          markSeen: (viewer, liker) => markLikeSeen(db, viewer, liker),
        },
      },
    ),
    search: createSearchService({ db, now: () => new Date() }),
    matchFinder: createMatchFinderService({ db, now: () => new Date() }),
  });
  const app = servicesOn(database.db);
  const recorder = recordingPool(url);
  closers.push(() => recorder.pool.end());
  const recorded = servicesOn(drizzle(recorder.pool, { schema }) as unknown as TDb);
  const { rows: blockedRows } = await raw.query(
    'select blocked_profile_id as id from blocks where blocker_profile_id = $1 union select blocker_profile_id from blocks where blocked_profile_id = $1',
    [seeded.viewer],
  );
  const blockedIds = new Set(blockedRows.map((r: { id: number }) => r.id));
  // A visible woman in the US with a photo, not blocked either way: the profile the viewer opens.
  const {
    rows: [{ id: profileToView }],
  } = await raw.query(
    `select max(p.id) as id from profiles p join photos ph on ph.profile_id = p.id and ph.is_main
     where p.status = 'active' and not p.invisible and p.gender = 'female' and p.country = 'US'
       and p.id <> all($1::int[])`,
    [[...blockedIds]],
  );

  const rows: { scenario: TScenario; found: number; statements: number; app: TStats; raw: TStats }[] = [];
  for (const scenario of SCENARIOS) {
    const query = ZSearchQuery.parse(Object.fromEntries(new URLSearchParams(scenario.query)));
    const opts = { cdnPrefix: '', excludeProfileId: scenario.viewer ? seeded.viewer : undefined };
    const member = { profileId: seeded.viewer, isPremium: false };
    // Every scenario answers with the member ids it shows and a count of what it found.
    const run = async (svc: typeof app) => {
      if (scenario.run === 'matches') {
        const cards = await svc.matchFinder.suggestionsFor(seeded.viewer, '', {
          limit: 25,
          offset: (query.page - 1) * 24,
        });
        return { ids: cards.map((c) => c.id), found: cards.length };
      }
      if (scenario.run === 'profile') {
        const view = await svc.profiles.profileView(profileToView, '', member);
        return { ids: view?.related.map((c) => c.id) ?? [], found: view ? 1 : 0 };
      }
      const result = await svc.search.search(query, opts);
      return { ids: [...result.results, ...result.similar].map((r) => r.id), found: result.numResults };
    };
    const runApp = () => run(app);
    const first = await run(recorded);
    const groups = recorder.take();
    // The raw statements must be the app's: same number of rows each, and the block condition really applied.
    const check = await runRaw(raw, groups);
    groups.flat().forEach((s, i) => {
      if (check[i].rowCount !== s.rowCount) throw new Error(`${scenario.name}: raw statement ${i} row count differs`);
    });
    const shown = first.ids;
    if (scenario.viewer && shown.some((id) => blockedIds.has(id) || id === seeded.viewer)) {
      throw new Error(`${scenario.name}: a blocked member or the viewer was returned`);
    }
    if (process.env.BENCH_EXPLAIN) {
      for (const s of groups.flat()) {
        const plan = await raw.query(`explain (analyze, buffers) ${s.text}`, s.values);
        console.log(`\n-- ${scenario.name}\n${s.text}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
    for (let i = 0; i < WARMUP; i++) {
      await runApp();
      await runRaw(raw, groups);
    }
    const appMs: number[] = [];
    const rawMs: number[] = [];
    // Interleaved, so both paths see the same cache state and machine load.
    for (let i = 0; i < ITERATIONS; i++) {
      let t = performance.now();
      await runApp();
      appMs.push(performance.now() - t);
      t = performance.now();
      await runRaw(raw, groups);
      rawMs.push(performance.now() - t);
    }
    rows.push({
      scenario,
      found: first.found,
      statements: groups.flat().length,
      app: stats(appMs),
      raw: stats(rawMs),
    });
  }

  const {
    rows: [{ server_version }],
  } = await raw.query('show server_version');
  console.log(
    `\n${PROFILES} profiles (${seeded.withPhoto} with a photo), ${seeded.blocks} blocks, seeded in ${seedSeconds.toFixed(1)} s;` +
      ` PostgreSQL ${server_version}; ${ITERATIONS} iterations per query after ${WARMUP} warm-up, one at a time,` +
      ` app and raw interleaved; ms\n`,
  );
  console.log(
    'query'.padEnd(38),
    'found'.padStart(6),
    'stmts'.padStart(6),
    'app p50'.padStart(8),
    'app p99'.padStart(8),
    'app mean'.padStart(9),
    'raw p50'.padStart(8),
    'raw p99'.padStart(8),
    'raw mean'.padStart(9),
    'p99 ratio'.padStart(10),
    `p99<${P99_TARGET_MS}`.padStart(7),
  );
  for (const r of rows) {
    console.log(
      r.scenario.name.padEnd(38),
      String(r.found).padStart(6),
      String(r.statements).padStart(6),
      r.app.p50.toFixed(2).padStart(8),
      r.app.p99.toFixed(2).padStart(8),
      r.app.mean.toFixed(2).padStart(9),
      r.raw.p50.toFixed(2).padStart(8),
      r.raw.p99.toFixed(2).padStart(8),
      r.raw.mean.toFixed(2).padStart(9),
      (r.app.p99 / r.raw.p99).toFixed(2).padStart(10),
      (r.app.p99 < P99_TARGET_MS ? 'yes' : 'NO').padStart(7),
    );
  }
} finally {
  for (const close of closers) await close().catch(() => {});
  await dropDatabase();
}
