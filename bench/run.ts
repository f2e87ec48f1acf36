// `npm run bench`: requests/s and p99 of /api/settings.php and the server-rendered home page (identity, and compressed
// as a browser asks), each as a ratio to a bare node:http hello-world measured in the same run. Needs the built web app
// (`npm run build`).
import autocannon from 'autocannon';
import { startTarget } from './target.ts';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 16;

type TResult = { name: string; rps: number; p50: number; p99: number; errors: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<TResult> {
  // Warm-up so JIT and caches are settled before the measured run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

const results: TResult[] = [];
const bare = await startTarget('bare');
results.push(await measure('bare node:http hello world', `http://127.0.0.1:${bare.port}/`));
bare.stop();
const app = await startTarget('app');
results.push(await measure('GET /api/settings.php', `http://127.0.0.1:${app.port}/api/settings.php`));
results.push(
  await measure('GET / (SSR home, 12 member cards)', `http://127.0.0.1:${app.port}/`, { cookie: 'i18n_redirected=de' }),
);
// As a browser asks: the same page brotli-compressed (quality 4), so the CPU cost of compression is known.
results.push(
  await measure('GET / br,gzip (as a browser)', `http://127.0.0.1:${app.port}/`, {
    cookie: 'i18n_redirected=de',
    'accept-encoding': 'br, gzip',
  }),
);
results.push(
  await measure('GET /api/settings.php br,gzip', `http://127.0.0.1:${app.port}/api/settings.php`, {
    'accept-encoding': 'br, gzip',
  }),
);
app.stop();

const base = results[0];
console.log(
  `\n${DURATION_S}s per target, ${CONNECTIONS} connections, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; targets in their own processes\n`,
);
console.log(
  'target'.padEnd(36),
  'req/s'.padStart(9),
  'ratio'.padStart(7),
  'p50 ms'.padStart(8),
  'p99 ms'.padStart(8),
  'p99 ratio'.padStart(10),
  'errors'.padStart(7),
);
for (const r of results) {
  console.log(
    r.name.padEnd(36),
    r.rps.toFixed(0).padStart(9),
    (r.rps / base.rps).toFixed(3).padStart(7),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    (r.p99 / Math.max(1, base.p99)).toFixed(1).padStart(10),
    String(r.errors).padStart(7),
  );
}
