// `npm run bench:login`: login throughput and p99 through POST /api/user.php, as a ratio to raw argon2id verify
// measured in the same run with the same concurrency. Needs the built web app (`npm run build`).
import { hash, verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { startTarget } from './target.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = 8;
const PASSWORD = 'bench password 123';

/** Raw argon2id verifies with CONCURRENCY in flight for the duration: ops/s and latency percentiles. */
async function rawArgon2() {
  const stored = await hash(PASSWORD);
  const latencies: number[] = [];
  const end = performance.now() + DURATION_S * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        await verify(stored, PASSWORD);
        latencies.push(performance.now() - start);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))];
  return { rps: latencies.length / DURATION_S, p50: at(0.5), p99: at(0.99) };
}

const target = await startTarget('app');
const port = target.port;
const base = `http://127.0.0.1:${port}`;
const headers = { 'content-type': 'application/json', 'x-requested-with': 'amora', host: `127.0.0.1:${port}` };
const email = `bench-${Date.now()}@example.com`;
const signup = await fetch(`${base}/api/signup.php`, {
  method: 'POST',
  headers,
  body: JSON.stringify({
    email,
    name: 'bench_user',
    password: PASSWORD,
    password_confirmation: PASSWORD,
    date_of_birth: '1990-01-01',
    gender: 'male',
    looking_for: 'female',
    accept_terms: true,
  }),
});
if (!signup.ok) throw new Error(`signup failed: ${await signup.text()}`);

const body = JSON.stringify({ email, password: PASSWORD });
await autocannon({ url: `${base}/api/user.php`, method: 'POST', headers, body, connections: CONCURRENCY, duration: 2 });
const app = await autocannon({
  url: `${base}/api/user.php`,
  method: 'POST',
  headers,
  body,
  connections: CONCURRENCY,
  duration: DURATION_S,
});
target.stop();
const raw = await rawArgon2();

console.log(
  `\n${DURATION_S}s each, concurrency ${CONCURRENCY}, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
);
console.log(
  'target'.padEnd(34),
  'ops/s'.padStart(8),
  'ratio'.padStart(7),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'p99 ratio'.padStart(10),
  'errors'.padStart(7),
);
console.log(
  'raw argon2id verify'.padEnd(34),
  raw.rps.toFixed(0).padStart(8),
  '1.000'.padStart(7),
  raw.p50.toFixed(1).padStart(8),
  raw.p99.toFixed(1).padStart(8),
  '1.0'.padStart(10),
  '0'.padStart(7),
);
console.log(
  'POST /api/user.php (login)'.padEnd(34),
  app.requests.average.toFixed(0).padStart(8),
  (app.requests.average / raw.rps).toFixed(3).padStart(7),
  String(app.latency.p50).padStart(8),
  String(app.latency.p99).padStart(8),
  (app.latency.p99 / raw.p99).toFixed(1).padStart(10),
  String(app.errors + app.non2xx).padStart(7),
);
