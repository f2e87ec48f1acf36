import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../db/connect.ts';
import { jobs } from '../db/schema/index.ts';

export type TJobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** A claimed job is leased this long; if its process dies, another one picks it up after the lease. */
const LEASE_MS = 10 * 60_000;

type TJobRow = typeof jobs.$inferSelect;

/** Claims the oldest due job atomically (FOR UPDATE SKIP LOCKED + lease), so no two processes run it at once. */
async function claim(db: TDb, now: Date): Promise<TJobRow | undefined> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await db.execute(sql`
    update ${jobs} set run_at = ${lease}::timestamptz, attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where done_at is null and run_at <= ${now.toISOString()}::timestamptz
      order by run_at limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: row.payload as Record<string, unknown>,
    attempts: Number(row.attempts),
  } as TJobRow;
}

/** Runs due jobs; a failed job is retried later with exponential backoff, its error kept for operators. */
export async function runDueJobs(
  db: TDb,
  handlers: Record<string, TJobHandler>,
  now: Date,
  limit = 20,
): Promise<number> {
  let done = 0;
  for (; done < limit; done++) {
    const job = await claim(db, now);
    if (!job) break;
    try {
      const handler = handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await db.update(jobs).set({ doneAt: now }).where(eq(jobs.id, job.id));
    } catch (err) {
      const retryAt = new Date(now.getTime() + Math.min(86_400_000, 60_000 * 2 ** job.attempts));
      await db
        .update(jobs)
        .set({ runAt: retryAt, lastError: String(err instanceof Error ? err.message : err).slice(0, 500) })
        .where(eq(jobs.id, job.id));
    }
  }
  return done;
}

/** Polls for due jobs every interval until stopped. */
export function startJobLoop(run: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    try {
      await run();
    } catch (err) {
      onError(err);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, 1000);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
