// `npm run bench:chat`: message send → deliver latency with 1,000 connected sockets at 200 messages/s.
// Two targets run one after the other in the same run, each in its own process on the same fresh PostgreSQL
// database: the baseline (bench/chat-relay.ts: raw `ws` relay, one durable insert per message) and Amora
// (server/test/app-process.ts: POST /api/chat.php with session, checks, credits and ledger; the hub carries the
// event to /api/ws; Redis pub/sub when REDIS_URL is set). Latency is measured from just before the HTTP request
// is sent to the moment the recipient's socket receives the message.
// Needs DATABASE_URL. BENCH_PROFILE=<dir> saves CPU profiles of the targets. BENCH_SOCKETS (1000), BENCH_RATE (200 messages/s), BENCH_SECONDS (15), BENCH_SENDERS (100).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import pg from 'pg';
import WebSocket from 'ws';
import { NEW_CONVERSATIONS_PER_DAY } from '#common/constants.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { buildTestApp } from '#server/test/test-app.ts';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const SENDERS = Math.min(SOCKETS, Number(process.env.BENCH_SENDERS ?? 100));
/** Conversations per sender: within the daily cap on new conversations. */
const PARTNERS = Math.min(NEW_CONVERSATIONS_PER_DAY, 20);
const WARMUP_SECONDS = 3;

if (!process.env.DATABASE_URL) {
  console.error(
    'bench:chat needs PostgreSQL: set DATABASE_URL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(1);
}

type TMember = { profileId: number; token: string };
type TTarget = {
  name: string;
  base: string;
  connect: (m: TMember) => WebSocket;
  send: (from: TMember, to: TMember, text: string) => Promise<number>;
};
type TResult = { sent: number; delivered: number; failed: number; latencies: number[]; achievedRate: number };

/** Paid members with a huge balance and a session each, inserted directly (signing 1,000 up would time argon2). */
async function seedMembers(url: string, count: number): Promise<TMember[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [{ id: siteId }] = (await client.query('select id from sites order by id limit 1')).rows;
  const members: TMember[] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await client.query(
      `insert into profiles (name, gender, sexuality, birth_date, country, locale, status)
       values ($1, $2, 'hetero', '1990-01-01', 'NL', 'en', 'active') returning id`,
      [`bench${i}`, i % 2 ? 'male' : 'female'],
    );
    const profileId = rows[0].id as number;
    const user = await client.query(
      `insert into users (site_id, profile_id, email, email_confirmed, password_hash, status, locale, credits, paid_user)
       values ($1, $2, $3, true, 'x', 'active', 'en', 100000000, true) returning id`,
      [siteId, profileId, `bench${i}@example.com`],
    );
    const token = randomBytes(32).toString('base64url');
    await client.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`, [
      hashToken(token),
      user.rows[0].id,
    ]);
    members.push({ profileId, token });
  }
  await client.end();
  return members;
}

/** Starts a target process and resolves with its port (it prints `PORT n` or `{"port":n}`). */
async function start(args: string[], env: Record<string, string>): Promise<{ port: number; child: ChildProcess }> {
  // BENCH_PROFILE=<dir> writes a CPU profile of each target there (open it in Chrome DevTools).
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    lines.on('line', (line) => {
      const match = /PORT (\d+)|"port":(\d+)/.exec(line);
      if (match) resolve(Number(match[1] ?? match[2]));
    });
    child.once('exit', (code) => reject(new Error(`${args[0]} exited with ${code}`)));
  });
  return { port, child };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Connects every member, then sends at RATE for WARMUP + SECONDS, recording latencies after the warm-up. */
async function measure(target: TTarget, members: TMember[]): Promise<TResult> {
  const pending = new Map<string, { at: number; record: boolean }>();
  const latencies: number[] = [];
  let delivered = 0;
  const sockets = await Promise.all(
    members.map(
      (m) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = target.connect(m);
          ws.on('message', (data) => {
            const event = JSON.parse(String(data)) as { type: string; message?: { text: string; from_me?: boolean } };
            if (event.type === 'hello') resolve(ws);
            if (event.type !== 'message' || event.message?.from_me) return;
            const sent = pending.get(event.message!.text);
            if (!sent) return;
            pending.delete(event.message!.text);
            delivered++;
            if (sent.record) latencies.push(performance.now() - sent.at);
          });
          ws.once('error', reject);
        }),
    ),
  );
  let seq = 0;
  let sent = 0;
  let failed = 0;
  const inflight = new Set<Promise<void>>();
  const begin = performance.now();
  const total = (WARMUP_SECONDS + SECONDS) * 1000;
  const measuredFrom = begin + WARMUP_SECONDS * 1000;
  let measuredSent = 0;
  while (performance.now() - begin < total) {
    const due = Math.floor(((performance.now() - begin) / 1000) * RATE);
    while (seq < due) {
      const from = members[seq % SENDERS];
      // Each sender writes to BENCH_PARTNERS members spread over all sockets: a member starts at most
      // NEW_CONVERSATIONS_PER_DAY conversations a day, the rest of their messages are replies.
      const partner = 1 + Math.floor(Math.random() * PARTNERS) * Math.floor(members.length / PARTNERS);
      const to = members[((seq % SENDERS) + partner) % members.length];
      const text = `m${seq}-${target.name}`;
      const at = performance.now();
      const record = at >= measuredFrom;
      if (record) measuredSent++;
      pending.set(text, { at, record });
      seq++;
      sent++;
      const p = target
        .send(from, to, text)
        .then((status) => {
          if (status !== 200) {
            failed++;
            pending.delete(text);
          }
        })
        .catch(() => {
          failed++;
          pending.delete(text);
        })
        .finally(() => inflight.delete(p));
      inflight.add(p);
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(inflight);
  const deadline = performance.now() + 5000;
  while (pending.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  for (const ws of sockets) ws.close();
  return { sent, delivered, failed, latencies, achievedRate: measuredSent / SECONDS };
}

async function main() {
  console.log(
    `bench:chat — ${SOCKETS} sockets, ${RATE} messages/s from ${SENDERS} senders for ${SECONDS} s (+${WARMUP_SECONDS} s warm-up); ` +
      `app hub: ${process.env.REDIS_URL ? 'Redis pub/sub' : 'in-process'}; ${os.cpus().length} cores`,
  );
  const t = await buildTestApp();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-bench-chat-'));
  const results: [string, TResult][] = [];
  try {
    const url = t.databaseUrl!;
    const seedStart = performance.now();
    const members = await seedMembers(url, SOCKETS);
    console.log(`seeded ${members.length} members in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

    const relay = await start(['bench/chat-relay.ts'], { DATABASE_URL: url });
    const relayBase = `127.0.0.1:${relay.port}`;
    results.push([
      'raw ws relay + 1 insert',
      await measure(
        {
          name: 'relay',
          base: relayBase,
          connect: (m) => new WebSocket(`ws://${relayBase}/?id=${m.profileId}`),
          send: async (from, to, text) =>
            (
              await fetch(`http://${relayBase}/send`, {
                method: 'POST',
                body: JSON.stringify({ from: from.profileId, to: to.profileId, text }),
              })
            ).status,
        },
        members,
      ),
    ]);
    await stop(relay.child);

    const app = await start(['server/test/app-process.ts'], {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    });
    const appBase = `127.0.0.1:${app.port}`;
    results.push([
      'Amora /api/chat.php → /api/ws',
      await measure(
        {
          name: 'app',
          base: appBase,
          connect: (m) =>
            new WebSocket(`ws://${appBase}/api/ws`, {
              headers: { origin: `http://${appBase}`, cookie: `auth.session=${m.token}` },
            }),
          send: async (from, to, text) =>
            (
              await fetch(`http://${appBase}/api/chat.php`, {
                method: 'POST',
                headers: {
                  'content-type': 'application/json',
                  origin: `http://${appBase}`,
                  cookie: `auth.session=${from.token}`,
                },
                body: JSON.stringify({ profile_id: to.profileId, text }),
              })
            ).status,
        },
        members,
      ),
    ]);
    await stop(app.child);
  } finally {
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }

  console.log('\n| target | sent | delivered | failed | rate/s | p50 ms | p99 ms | mean ms | max ms |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  const stats = results.map(([name, r]) => {
    const sorted = [...r.latencies].sort((a, b) => a - b);
    const s = {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
      max: sorted.at(-1) ?? NaN,
    };
    console.log(
      `| ${name} | ${r.sent} | ${r.delivered} | ${r.failed} | ${r.achievedRate.toFixed(0)} | ${s.p50.toFixed(2)} | ${s.p99.toFixed(2)} | ${s.mean.toFixed(2)} | ${s.max.toFixed(1)} |`,
    );
    return s;
  });
  const [base, amora] = stats;
  console.log(
    `\nAmora / baseline: p50 ×${(amora.p50 / base.p50).toFixed(2)}, p99 ×${(amora.p99 / base.p99).toFixed(2)}`,
  );
  const lost = results.some(([, r]) => r.delivered + r.failed < r.sent);
  if (lost) console.log('WARNING: some messages were neither delivered nor refused');
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
