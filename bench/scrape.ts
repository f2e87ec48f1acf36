// `npm run bench:scrape`: the scraping limits, visible. Boots the real app (web build, demo members; on
// in-memory PGlite, or DATABASE_URL; REDIS_URL puts the counters in Redis) twice on loopback, with and without limits,
// and reads profiles (`/members/{id}.data`) as a scraper (one address, as fast as possible, as a visitor and as a
// member) and as a person (a member at human pace). Prints answered vs 429 and the limiter's cost per request, and
// exits non-zero if a scraper is not stopped or a person is. Needs the built web app (`npm run build`).
// Every client binds its own loopback address (127.0.0.x) so the per-IP budgets of the runs stay apart.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createRedisStore } from '#server/lib/rate-limit-store.ts';
import { createRateLimiter, OPERATION_LIMITS } from '#server/lib/rate-limit.ts';
import { buildTestApp } from '#server/test/test-app.ts';

const SCRAPER_REQUESTS = Number(process.env.BENCH_SCRAPER_REQUESTS ?? 600);
const CONCURRENCY = 16;
const PERSON_READS = Number(process.env.BENCH_PERSON_READS ?? 20);
const PERSON_PAUSE_MS = Number(process.env.BENCH_PERSON_PAUSE_MS ?? 500);
const COST_READS = 50;

/** Starts the app in its own process (the load generator does not share its event loop). */
async function startApp(limits: boolean): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, ['bench/scrape.ts', 'serve', String(limits)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  return { port, stop: () => child.kill('SIGTERM') };
}

type TClient = { port: number; localAddress: string; cookie?: string; agent: http.Agent };

/** A client on its own loopback address with keep-alive connections. */
const client = (port: number, localAddress: string, cookie?: string): TClient => ({
  port,
  localAddress,
  cookie,
  agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
});

/** One request; resolves with the status, the body and the time it took. */
function request(c: TClient, path: string, init: { method?: string; body?: string } = {}) {
  const started = performance.now();
  return new Promise<{ status: number; body: string; ms: number; cookies: string[] }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: c.port,
        path,
        method: init.method ?? 'GET',
        localAddress: c.localAddress,
        agent: c.agent,
        headers: {
          host: 'localhost',
          'x-requested-with': 'amora',
          ...(c.cookie ? { cookie: c.cookie } : {}),
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            ms: performance.now() - started,
            cookies: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

/** Signs a member up, logs in and returns the session cookie. */
async function signUp(c: TClient, n: number): Promise<string> {
  const account = { email: `scrape-bench-${n}-${Date.now()}@example.com`, password: 'bench password 123' };
  const res = await request(c, '/api/signup.php', {
    method: 'POST',
    body: JSON.stringify({
      ...account,
      name: `bench_${n}`,
      password_confirmation: account.password,
      date_of_birth: '1990-01-01',
      gender: 'male',
      looking_for: 'female',
      accept_terms: true,
    }),
  });
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${res.body}`);
  const login = await request(c, '/api/user.php', { method: 'POST', body: JSON.stringify(account) });
  const session = login.cookies.find((cookie) => cookie.startsWith('auth.session='));
  if (!session) throw new Error(`login failed: ${login.status} ${login.body.slice(0, 200)}`);
  return session.split(';')[0];
}

/** As fast as possible: `total` profile reads with CONCURRENCY in flight; answered and refused counts. */
async function scrape(c: TClient, ids: number[], total: number) {
  let next = 0;
  const counts = { answered: 0, limited: 0, other: 0 };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const id = ids[next++ % ids.length];
        const { status } = await request(c, `/members/${id}.data`);
        if (status === 200) counts.answered++;
        else if (status === 429) counts.limited++;
        else counts.other++;
      }
    }),
  );
  return { ...counts, seconds: (performance.now() - started) / 1000 };
}

/** A person: one profile every PERSON_PAUSE_MS. */
async function browse(c: TClient, ids: number[]) {
  const counts = { answered: 0, limited: 0, other: 0 };
  for (let i = 0; i < PERSON_READS; i++) {
    const { status } = await request(c, `/members/${ids[i % ids.length]}.data`);
    if (status === 200) counts.answered++;
    else if (status === 429) counts.limited++;
    else counts.other++;
    await new Promise((resolve) => setTimeout(resolve, PERSON_PAUSE_MS));
  }
  return counts;
}

/** Mean and p50 of COST_READS sequential profile reads on each target, interleaved, every client within its budgets. */
async function readCost(ports: { limited: number; open: number }, ids: number[]) {
  const times = { limited: [] as number[], open: [] as number[] };
  for (let i = 0; i < COST_READS; i++) {
    for (const kind of ['limited', 'open'] as const) {
      // A new loopback address every 10 reads: far from any budget, so every read is answered (and counted).
      const c = client(ports[kind], `127.0.10.${1 + Math.floor(i / 10)}`);
      const { status, ms } = await request(c, `/members/${ids[i % ids.length]}.data`);
      if (status !== 200) throw new Error(`cost read answered ${status}`);
      times[kind].push(ms);
      c.agent.destroy();
    }
  }
  const stats = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return { mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, p50: sorted[Math.floor(sorted.length / 2)] };
  };
  return { withLimits: stats(times.limited), without: stats(times.open) };
}

/** The limiter alone, in this process: µs per profile read counted (memory, and Redis when REDIS_URL is set). */
async function limiterCost() {
  const rows: [string, number][] = [];
  const memory = createRateLimiter({ enabled: true });
  const n = 20_000;
  let started = performance.now();
  for (let i = 0; i < n; i++) await memory.consumeRead('profile_read', { ip: `10.0.${i % 250}.1`, memberId: i });
  rows.push(['memory', ((performance.now() - started) * 1000) / n]);
  if (process.env.REDIS_URL) {
    const redis = createRateLimiter({
      enabled: true,
      store: await createRedisStore(process.env.REDIS_URL),
      namespace: `bench-${Date.now()}`,
    });
    const m = 2_000;
    started = performance.now();
    for (let i = 0; i < m; i++) await redis.consumeRead('profile_read', { ip: `10.0.${i % 250}.1`, memberId: i });
    rows.push(['redis (one round trip)', ((performance.now() - started) * 1000) / m]);
    await redis.close();
  }
  return rows;
}

async function main() {
  const failures: string[] = [];
  const [limited, open] = await Promise.all([startApp(true), startApp(false)]);
  try {
    const lister = client(limited.port, '127.0.0.9');
    const search = JSON.parse((await request(lister, '/api/search.php?page=1')).body) as { results: { id: number }[] };
    const ids = search.results.map((r) => r.id);
    if (ids.length === 0) throw new Error('no profiles to read');

    const visitorMax = OPERATION_LIMITS.profile_read_visitor[0].max;
    const memberMax = OPERATION_LIMITS.profile_read[0].max;
    const visitor = await scrape(client(limited.port, '127.0.0.2'), ids, SCRAPER_REQUESTS);
    const memberClient = client(limited.port, '127.0.0.3');
    memberClient.cookie = await signUp(memberClient, 1);
    const member = await scrape(memberClient, ids, SCRAPER_REQUESTS);
    const personClient = client(limited.port, '127.0.0.4');
    personClient.cookie = await signUp(personClient, 2);
    const person = await browse(personClient, ids);
    const unlimited = await scrape(client(open.port, '127.0.0.2'), ids, SCRAPER_REQUESTS);

    const { withLimits, without } = await readCost({ limited: limited.port, open: open.port }, ids);
    const inProcess = await limiterCost();

    const backend = `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, counters in ${process.env.REDIS_URL ? 'Redis' : 'memory'}`;
    console.log(`\nbench:scrape — profile reads (/members/{id}.data), ${backend}\n`);
    console.log(
      'client'.padEnd(44),
      'sent'.padStart(6),
      'answered'.padStart(9),
      '429'.padStart(6),
      'other'.padStart(6),
      'req/s'.padStart(7),
    );
    const row = (name: string, r: { answered: number; limited: number; other: number; seconds?: number }) =>
      console.log(
        name.padEnd(44),
        String(r.answered + r.limited + r.other).padStart(6),
        String(r.answered).padStart(9),
        String(r.limited).padStart(6),
        String(r.other).padStart(6),
        (r.seconds ? ((r.answered + r.limited + r.other) / r.seconds).toFixed(0) : '—').padStart(7),
      );
    row(`scraper, visitor, one IP (budget ${visitorMax}/min)`, visitor);
    row(`scraper, member, one account (budget ${memberMax}/min)`, member);
    row(`person, member, 1 every ${PERSON_PAUSE_MS} ms`, person);
    row('scraper, visitor, limits off (baseline)', unlimited);
    console.log(
      `\nper answered read, ${COST_READS} sequential: with limits mean ${withLimits.mean.toFixed(2)} ms (p50 ${withLimits.p50.toFixed(2)}), without ${without.mean.toFixed(2)} ms (p50 ${without.p50.toFixed(2)}); difference ${(withLimits.mean - without.mean).toFixed(2)} ms`,
    );
    for (const [store, us] of inProcess)
      console.log(`limiter alone (consumeRead, member + IP windows), ${store}: ${us.toFixed(1)} µs per read`);

    if (visitor.answered > visitorMax)
      failures.push(`the visitor scraper got ${visitor.answered} profiles (budget ${visitorMax})`);
    if (member.answered > memberMax)
      failures.push(`the member scraper got ${member.answered} profiles (budget ${memberMax})`);
    if (visitor.limited === 0 || member.limited === 0) failures.push('a scraper was never answered 429');
    if (person.answered !== PERSON_READS)
      failures.push(`the person was refused ${PERSON_READS - person.answered} of ${PERSON_READS} reads`);
    if (visitor.other + member.other + person.other > 0) failures.push('some reads answered neither 200 nor 429');
    if (unlimited.answered !== SCRAPER_REQUESTS) failures.push('the baseline without limits did not answer every read');
  } finally {
    limited.stop();
    open.stop();
  }
  if (failures.length) {
    console.error(`\nbench:scrape FAILED:\n- ${failures.join('\n- ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nbench:scrape: scrapers stopped at their budgets, the person never.');
  }
}

if (process.argv[2] === 'serve') {
  const t = await buildTestApp({ web: true, demoProfiles: 48, env: { RATE_LIMITS: process.argv[3] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(t.app.server.address() as AddressInfo).port}`);
  process.on('SIGTERM', () => void t.close().then(() => process.exit(0)));
} else {
  await main();
}
