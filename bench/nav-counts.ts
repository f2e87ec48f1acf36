// `npm run bench:nav-counts`: what the navigation badges cost on every member page render (issue 31). A member with
// 40 conversations (each with an unread message) and 40 likes; the badges' two aggregate queries
// (`chat.unreadCount` + `likes.newCount`) against building both lists as before (`chat.list` + `likes.list`), and a
// bare `select 1` round trip measured in the same run as the baseline. In process, on PGlite or DATABASE_URL.
// BENCH_ITERATIONS (300).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { chatApi } from '#common/wire/chat.ts';
import { likesApi } from '#common/wire/likes.ts';
import { activeMember } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp } from '#server/test/test-app.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const PARTNERS = 40;

const t = await buildTestApp();
const anna = await activeMember(t);
const a = anna.user.profile.id;
for (let i = 0; i < PARTNERS; i++) {
  const other = await activeMember(t, {}, { credits: 100 });
  const sent = await asMember(t.app, other.cookie).call(chatApi.send, { profile_id: a, text: `Hello ${i}` });
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status}`);
  await asMember(t.app, other.cookie).call(likesApi.like, { profile_id: a });
}
const { db } = t.services.database;
const cdn = '';

async function measure(name: string, run: () => Promise<unknown>) {
  for (let i = 0; i < 30; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((x, y) => x - y);
  const mean = times.reduce((s, x) => s + x, 0) / times.length;
  return { name, mean, p50: times[Math.floor(times.length / 2)], p99: times[Math.floor(times.length * 0.99)] };
}

const baseline = await measure('baseline: select 1 (one round trip)', () => db.execute(sql`select 1`));
const counts = await measure('badges now: unreadCount + newCount', () =>
  Promise.all([t.services.chat.unreadCount(a), t.services.likes.newCount(a)]),
);
const lists = await measure('badges before: chat.list + likes.list', () =>
  Promise.all([t.services.chat.list(a, cdn), t.services.likes.list(a, cdn)]),
);
const check = await Promise.all([t.services.chat.unreadCount(a), t.services.likes.newCount(a)]);
console.log(
  `database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; badges: ${check.join(' unread, ')} new likes`,
);
for (const r of [baseline, counts, lists]) {
  console.log(
    `${r.name.padEnd(42)} mean ${r.mean.toFixed(2)} ms  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ` +
      `(${(r.mean / baseline.mean).toFixed(1)}× baseline)`,
  );
}
await t.close();
