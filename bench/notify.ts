// `npm run bench:notify [N]`: N members (BENCH_N, default 10,000) each receive one like, through the real pipeline
// the `notify_event` fan-out job, then `notify_push` (web-push with VAPID to the local push service of the
// tests, which verifies and decrypts every push) and, once the clock passes LIKE_EMAIL_DELAY_MS, `notify_email`
// (rendered in the member's locale, sent by the mailer over SMTP to a local sink). Jobs are drained as the poller
// would, by BENCH_WORKERS loops of `services.runJobs()` (4 on PostgreSQL, where claims are FOR UPDATE SKIP LOCKED; 1 on
// PGlite). It prints pushes and emails per second and the time until the last one arrived, next to raw `nodemailer`
// and raw `web-push` sending as many messages of the same size to the same sinks at the same concurrency, in the same
// run. The sinks run in their own process (bench/notify-sinks.ts). Every run checks that exactly N pushes and N emails
// arrived, one per member, and fails otherwise.
// PostgreSQL when DATABASE_URL is set (a temporary database, dropped at the end), else in-memory PGlite.
// CPU profile of the pipeline: `node --cpu-prof --cpu-prof-dir=/tmp/prof bench/notify.ts`.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import webpush from 'web-push';
import { LIKE_EMAIL_DELAY_MS } from '#common/notifications.ts';
import { LOCALES } from '#common/locales.ts';
import { loadConfig } from '#server/config.ts';
import { connectDatabase, queryRows, type TDatabase } from '#server/db/connect.ts';
import { seedBaseSites } from '#server/db/seed/base-sites.ts';
import { createServices, type TServices } from '#server/services.ts';

const N = Number(process.argv[2] ?? process.env.BENCH_N ?? 10_000);
const baseUrl = process.env.DATABASE_URL;
const WORKERS = baseUrl ? Number(process.env.BENCH_WORKERS ?? 4) : 1;

if (!Number.isInteger(N) || N < 1) {
  console.error(`bench:notify: N must be a positive integer (got ${process.argv[2] ?? process.env.BENCH_N})`);
  process.exit(1);
}

/** Epoch milliseconds with sub-millisecond precision (comparable with the sinks' process). */
const epochMs = () => performance.timeOrigin + performance.now();

/** What a sink reports (bench/notify-sinks.ts). */
interface TSinkStats {
  received: number;
  distinct: number;
  duplicates: number;
  rejected: number;
  rejectedSample: string[];
  avgBytes: number;
  wellFormed: number;
  firstAt: number | null;
  lastAt: number | null;
}

/** Starts the sinks' process and returns a request function over its IPC channel. */
async function startSinks() {
  const child: ChildProcess = spawn(process.execPath, [fileURLToPath(new URL('./notify-sinks.ts', import.meta.url))], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (msg: Record<string, unknown>) => void>();
  let seq = 0;
  const ready = new Promise<{ smtpUrl: string; pushCa: string }>((resolve, reject) => {
    waiting.set(0, (msg) => resolve(msg as { smtpUrl: string; pushCa: string }));
    child.once('exit', (code) => reject(new Error(`bench/notify-sinks.ts exited with ${code}`)));
  });
  child.on('message', (msg: { id: number }) => {
    waiting.get(msg.id)?.(msg);
    waiting.delete(msg.id);
  });
  const request = <T>(body: Record<string, unknown>): Promise<T> =>
    new Promise((resolve) => {
      const id = ++seq;
      waiting.set(id, (msg) => resolve(msg as T));
      child.send({ id, ...body });
    });
  return {
    ...(await ready),
    subscriptions: (paths: string[]) =>
      request<{ subscriptions: { endpoint: string; p256dh: string; auth: string }[] }>({
        type: 'subscriptions',
        paths,
      }).then((r) => r.subscriptions),
    reset: () => request({ type: 'reset' }),
    stats: () => request<{ mail: TSinkStats; push: TSinkStats }>({ type: 'stats' }),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await request({ type: 'exit' });
      await exited;
    },
  };
}

/** A fresh database: a new PostgreSQL database when DATABASE_URL is set (dropped by `drop`), else in-memory PGlite. */
async function freshDatabase(): Promise<{ database: TDatabase; drop: () => Promise<void> }> {
  if (!baseUrl) return { database: await connectDatabase({ dataDir: null }), drop: async () => {} };
  const name = `amora_bench_notify_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: baseUrl });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    database: await connectDatabase({ databaseUrl: url.toString(), dataDir: null }),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const FIRST_NAMES = ['Anna', 'Ben', 'Chloé', 'Daniel', 'Eva', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Katarzyna'];

/**
 * N recipients (profile, confirmed active account in one of the 11 locales, one push subscription at the local push
 * service) and N likers (profile with a main photo), inserted in bulk with explicit ids: recipient i has profile
 * p0 + i and account u0 + i, its liker profile p0 + N + i. Returns the offsets.
 */
async function seedMembers(services: TServices, subscriptions: { endpoint: string; p256dh: string; auth: string }[]) {
  const { db } = services.database;
  const [{ p0, u0, site }] = await queryRows<{ p0: number; u0: number; site: number }>(
    db,
    sql`select (select coalesce(max(id), 0) from profiles)::int as p0, (select coalesce(max(id), 0) from users)::int as u0,
          (select id from sites order by id limit 1)::int as site`,
  );
  const names = sql.raw(`(array[${FIRST_NAMES.map((n) => `'${n}'`).join(', ')}])`);
  const locales = sql.raw(`(array[${LOCALES.map((l) => `'${l}'`).join(', ')}])`);
  await db.execute(sql`
    insert into profiles (id, name, gender, sexuality, birth_date, country, city, locale, status)
    select ${p0} + g, ${names}[1 + g % ${FIRST_NAMES.length}], case when g <= ${N} then 'female' else 'male' end,
      'hetero', date '1980-01-01' + (g % 9000), 'NL', 'Amsterdam', ${locales}[1 + g % ${LOCALES.length}], 'active'
    from generate_series(1, ${2 * N}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('profiles', 'id'), ${p0 + 2 * N})`);
  await db.execute(sql`
    insert into photos (profile_id, file_key, is_main, position, width, height)
    select ${p0 + N} + g, md5('bench-notify-' || g), true, 0, 640, 640 from generate_series(1, ${N}) g`);
  await db.execute(sql`
    insert into users (id, site_id, profile_id, email, email_confirmed, password_hash, status, locale)
    select ${u0} + g, ${site}, ${p0} + g, 'member' || g || '@bench.example', true, 'not-a-hash', 'active',
      ${locales}[1 + g % ${LOCALES.length}]
    from generate_series(1, ${N}) g`);
  await db.execute(sql`select setval(pg_get_serial_sequence('users', 'id'), ${u0 + N})`);
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
    select ${u0} + s.n::int, s.e->>'endpoint', s.e->>'p256dh', s.e->>'auth', 'bench'
    from jsonb_array_elements(${JSON.stringify(subscriptions)}::jsonb) with ordinality as s(e, n)`);
  if (services.database.kind === 'postgres') {
    for (const table of ['profiles', 'photos', 'users', 'push_subscriptions'])
      await db.execute(sql.raw(`analyze ${table}`));
  }
  return { p0, u0 };
}

/** Liker i likes recipient i, each like with its `notify_event` job (what `likes.like` commits, in bulk). */
async function queueLikes(services: TServices, p0: number, at: Date) {
  const { db } = services.database;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into likes (liker_profile_id, liked_profile_id, is_new, source, created_at)
      select ${p0 + N} + g, ${p0} + g, true, 'profile', ${at.toISOString()}::timestamptz from generate_series(1, ${N}) g`);
    await tx.execute(sql`
      insert into jobs (kind, payload, run_at, created_at)
      select 'notify_event', jsonb_build_object('type', 'like', 'likerProfileId', ${p0 + N} + g, 'likedProfileId', ${p0} + g),
        ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz
      from generate_series(1, ${N}) g`);
  });
}

/** Drains every due job as the poller would, with WORKERS loops at once, until nothing is due and nothing runs. */
async function drain(services: TServices): Promise<void> {
  for (;;) {
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        // Between runs the loop yields to the event loop, as the poller's timer does: PGlite answers every query
        // without doing so, and a loop of database-only jobs would hold back every socket (pushes time out).
        while ((await services.runJobs()) > 0) await new Promise((resolve) => setImmediate(resolve));
      }),
    );
    await services.settleJobs();
    const [{ due }] = await queryRows<{ due: number }>(
      services.database.db,
      sql`select count(*)::int as due from jobs
          where done_at is null and failed_at is null and run_at <= ${services.now().toISOString()}::timestamptz`,
    );
    if (due === 0) return;
  }
}

/** Runs `count` sends with `concurrency` of them in flight. */
async function inParallel(count: number, concurrency: number, send: (i: number) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await send(++next);
    }),
  );
}

/** A phase's figures: from its start to the last message the sink received. */
interface TPhase {
  name: string;
  stats: TSinkStats;
  startedAt: number;
  /** When the sender was done (all jobs finished, every promise settled). */
  doneAt: number;
  /** SQL statements sent during the phase (PostgreSQL only). */
  statements?: number;
}
const untilLast = (p: TPhase) => (p.stats.lastAt ?? p.doneAt) - p.startedAt;
const perSecond = (p: TPhase) => p.stats.received / (untilLast(p) / 1000);

/** The checks of a phase: exactly N messages, one per recipient, none refused, of the expected shape. */
function check(p: TPhase, failures: string[]) {
  const s = p.stats;
  const problems = [
    s.received !== N && `${s.received} received`,
    s.distinct !== N && `${s.distinct} distinct recipients`,
    s.duplicates > 0 && `${s.duplicates} duplicates`,
    s.rejected > 0 && `${s.rejected} refused (${s.rejectedSample.join('; ')})`,
    s.wellFormed !== s.received && `${s.received - s.wellFormed} not of the expected shape`,
  ].filter(Boolean);
  if (problems.length) failures.push(`${p.name}: expected exactly ${N}, one per member — ${problems.join(', ')}`);
}

const sinks = await startSinks();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-bench-notify-'));
const { database, drop } = await freshDatabase();
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
// Statements the app sends to PostgreSQL (every pool query goes through Client#query), per phase.
let statements = 0;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements++;
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof clientQuery;
const pushAgent = new https.Agent({ ca: sinks.pushCa, keepAlive: true });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  SEED_DEMO: 'false',
  RATE_LIMITS: 'false',
  SMTP_URL: sinks.smtpUrl,
  PUSH_ALLOW_LOOPBACK: 'true',
});
await seedBaseSites(database.db);
const services = await createServices(config, database, { now, pushCa: sinks.pushCa });
const failures: string[] = [];
const phases: { pipeline: TPhase[]; baseline: TPhase[] } = { pipeline: [], baseline: [] };

try {
  console.log(
    `bench:notify: N=${N} on ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite (in memory)'}, ` +
      `${WORKERS} job worker${WORKERS > 1 ? 's' : ''}, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );
  let t = epochMs();
  const subscriptions = await sinks.subscriptions(Array.from({ length: N }, (_, i) => `m${i + 1}`));
  const { p0 } = await seedMembers(services, subscriptions);
  // Jobs already due in a fresh database (periodic ones) run now, not inside the measurement.
  await drain(services);
  console.log(`seeded ${N} recipients and ${N} likers in ${((epochMs() - t) / 1000).toFixed(1)} s`);

  // Phase 1: the likes and their fan-out jobs commit; pushes go out at once.
  await sinks.reset();
  t = epochMs();
  await queueLikes(services, p0, now());
  const queuedMs = epochMs() - t;
  const pushStart = epochMs();
  statements = 0;
  await drain(services);
  phases.pipeline.push({
    name: 'pipeline push',
    stats: (await sinks.stats()).push,
    startedAt: pushStart,
    doneAt: epochMs(),
    statements,
  });
  const phase1Ms = epochMs() - pushStart;

  // Phase 2: LIKE_EMAIL_DELAY_MS later (and the time phase 1 took, so every email is due), the emails go out.
  offsetMs += LIKE_EMAIL_DELAY_MS + phase1Ms + 1000;
  const mailStart = epochMs();
  statements = 0;
  await drain(services);
  phases.pipeline.push({
    name: 'pipeline email',
    stats: (await sinks.stats()).mail,
    startedAt: mailStart,
    doneAt: epochMs(),
    statements,
  });

  const sends = await queryRows<{ channel: string; status: string; n: number }>(
    database.db,
    sql`select channel, status, count(*)::int as n from notification_sends group by 1, 2 order by 1, 2`,
  );
  const expected = new Map([
    ['push:sent', N],
    ['email:sent', N],
  ]);
  for (const row of sends) {
    const key = `${row.channel}:${row.status}`;
    if (expected.get(key) !== row.n)
      failures.push(`notification_sends ${key}: ${row.n}, expected ${expected.get(key) ?? 0}`);
    expected.delete(key);
  }
  for (const [key, n] of expected) failures.push(`notification_sends ${key}: none, expected ${n}`);
  const left = await queryRows<{ kind: string; state: string; n: number; error: string | null }>(
    database.db,
    sql`select kind, case when failed_at is not null then 'failed' else 'pending' end as state, count(*)::int as n,
          min(last_error) as error
        from jobs where kind like 'notify_%' and (done_at is null or last_error is not null) group by 1, 2`,
  );
  for (const j of left) failures.push(`${j.n} ${j.kind} jobs ${j.state} or retried (${j.error})`);
  for (const p of phases.pipeline) check(p, failures);

  // Baseline, same sinks, same concurrency, messages of the same size.
  const mailBytes = phases.pipeline[1].stats.avgBytes;
  const pushBytes = phases.pipeline[0].stats.avgBytes;
  const filler = (bytes: number) =>
    'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(bytes / 57 + 1).slice(0, bytes);
  const mail = (i: number) => ({
    from: '"Amora" <support@bench.example>',
    to: `member${i}@bench.example`,
    subject: 'Anna liked you',
    // About the notification's size: headers ~800 B, a quarter of the rest text, the rest HTML.
    text: filler(Math.max(200, (mailBytes - 800) * 0.25)),
    html: `<p>${filler(Math.max(500, (mailBytes - 800) * 0.75))}</p>`,
    headers: {
      'List-Unsubscribe': `<https://bench.example/unsubscribe/${i}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
  const transportOptions = { url: sinks.smtpUrl, name: config.smtp.heloName, connectionTimeout: config.smtp.timeoutMs };
  const baselineOf = async (name: string, send: () => Promise<void>) => {
    await sinks.reset();
    const startedAt = epochMs();
    await send();
    const doneAt = epochMs();
    const phase = { name, stats: (await sinks.stats())[name.includes('push') ? 'push' : 'mail'], startedAt, doneAt };
    check(phase, failures);
    phases.baseline.push(phase);
  };
  // As the app's mailer is configured (one SMTP connection per message), then with a pool of WORKERS connections.
  const single = nodemailer.createTransport(transportOptions);
  await baselineOf('nodemailer', () => inParallel(N, WORKERS, (i) => single.sendMail(mail(i))));
  single.close();
  const pooled = nodemailer.createTransport({
    ...transportOptions,
    pool: true,
    maxConnections: WORKERS,
    maxMessages: Infinity,
  });
  await baselineOf('nodemailer pool', () => inParallel(N, WORKERS, (i) => pooled.sendMail(mail(i))));
  pooled.close();
  const vapidDetails = { subject: 'mailto:support@bench.example', ...webpush.generateVAPIDKeys() };
  const payload = JSON.stringify({ kind: 'like', title: 'Anna liked you', body: filler(Math.max(50, pushBytes - 60)) });
  await baselineOf('web-push', () =>
    inParallel(N, WORKERS, (i) => {
      const s = subscriptions[i - 1];
      return webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
        vapidDetails,
        TTL: 86_400,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        // Typed out of @types/web-push, but web-push takes it (the app passes it the same way).
        ...{ agent: pushAgent },
      });
    }),
  );
  const concurrencyNote =
    `queued ${N} likes and their jobs in ${queuedMs.toFixed(0)} ms; ` +
    `pipeline push concurrency: ${WORKERS} worker loop(s) plus the fan-out's detached runs`;

  const fmt = (p: TPhase) =>
    `${p.name.padEnd(16)} ${String(p.stats.received).padStart(7)} ${(untilLast(p) / 1000).toFixed(2).padStart(9)} s` +
    `${perSecond(p).toFixed(0).padStart(9)}/s ${String(p.stats.avgBytes).padStart(7)} B` +
    (p.statements && database.kind === 'postgres' ? `${(p.statements / N).toFixed(1).padStart(8)}` : '');
  console.log(
    `\n${'phase'.padEnd(16)} ${'msgs'.padStart(7)} ${'to last'.padStart(11)} ${'rate'.padStart(11)} ${'avg size'.padStart(9)}` +
      (database.kind === 'postgres' ? `${'SQL/msg'.padStart(8)}` : ''),
  );
  for (const p of [...phases.pipeline, ...phases.baseline]) console.log(fmt(p));
  const [push, email] = phases.pipeline;
  const [nm, nmPool, wp] = phases.baseline;
  const ratio = (a: TPhase, b: TPhase) => `${(perSecond(a) / perSecond(b)).toFixed(2)}×`;
  console.log(
    `\npipeline email / nodemailer (same transport): ${ratio(email, nm)}; / nodemailer pool: ${ratio(email, nmPool)}` +
      `\npipeline push / raw web-push: ${ratio(push, wp)}` +
      `\ntotal pipeline (push phase + email phase): ${((untilLast(push) + untilLast(email)) / 1000).toFixed(2)} s` +
      `\n${concurrencyNote}`,
  );
} finally {
  await services.settleJobs();
  await services.realtime.close();
  await services.rateLimits.close();
  services.mailer.close();
  pushAgent.destroy();
  await database.close();
  await drop();
  await sinks.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}

if (failures.length) {
  console.error(`\nbench:notify FAILED:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
}
