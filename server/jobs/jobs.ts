import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../db/connect.ts';
import { jobs } from '../db/schema/index.ts';
import type { TLogger } from '../lib/logger.ts';

export type TJobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** A claimed job is leased this long; if its process dies, another one picks it up after the lease. */
const LEASE_MS = 10 * 60_000;

type TJobRow = typeof jobs.$inferSelect;

/** Adds a job in the caller's transaction, so it exists exactly when the change that causes it commits. */
export async function enqueueJob(
  tx: TDb | TTx,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date },
): Promise<number> {
  const [row] = await tx.insert(jobs).values(job).returning({ id: jobs.id });
  return row.id;
}

/** Ends the pending jobs of a kind whose payload contains `match` (e.g. a purge after the account came back). */
export async function cancelJobs(
  tx: TDb | TTx,
  kind: string,
  match: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await tx
    .update(jobs)
    .set({ doneAt: now, lastError: 'cancelled' })
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), sql`${jobs.payload} @> ${JSON.stringify(match)}::jsonb`));
}

/**
 * Claims the oldest due job (or the given one, when it is due) atomically (FOR UPDATE SKIP LOCKED + lease), so no two
 * processes run it at once.
 */
async function claim(db: TDb, now: Date, id?: number): Promise<TJobRow | undefined> {
  const lease = new Date(now.getTime() + LEASE_MS).toISOString();
  const only = id === undefined ? sql`` : sql`and id = ${id}`;
  const result = await db.execute(sql`
    update ${jobs} set run_at = ${lease}::timestamptz, attempts = attempts + 1
    where id = (
      select id from ${jobs}
      where done_at is null and run_at <= ${now.toISOString()}::timestamptz ${only}
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

/** What the runner needs besides the database. */
interface TRunnerOptions {
  handlers: Record<string, TJobHandler>;
  now: () => Date;
  log?: Pick<TLogger, 'warn'>;
  /** Kinds whose payload is emptied once done (an email's payload holds its single-use link). */
  scrubWhenDone?: readonly string[];
}

/** Runs one claimed job; a failure is retried later with exponential backoff, its error kept for operators. */
async function execute(db: TDb, job: TJobRow, now: Date, options: TRunnerOptions): Promise<void> {
  try {
    const handler = options.handlers[job.kind];
    if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
    await handler(job.payload);
    const scrub = options.scrubWhenDone?.includes(job.kind);
    await db
      .update(jobs)
      .set(scrub ? { doneAt: now, payload: {} } : { doneAt: now })
      .where(eq(jobs.id, job.id));
  } catch (err) {
    const message = String(err instanceof Error ? err.message : err).slice(0, 500);
    options.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed');
    const retryAt = new Date(now.getTime() + Math.min(86_400_000, 60_000 * 2 ** job.attempts));
    await db.update(jobs).set({ runAt: retryAt, lastError: message }).where(eq(jobs.id, job.id));
  }
}

/** Runs due jobs, at most `limit`; returns how many ran. */
export async function runDueJobs(db: TDb, options: TRunnerOptions, limit = 20): Promise<number> {
  let done = 0;
  for (; done < limit; done++) {
    const now = options.now();
    const job = await claim(db, now);
    if (!job) break;
    await execute(db, job, now, options);
  }
  return done;
}

/** The durable job queue of a process: the poller drains due jobs, `runNow` runs just-committed ones at once. */
export function createJobRunner(db: TDb, options: TRunnerOptions) {
  return {
    /** Runs due jobs once (the process entry polls it). */
    runDue: (limit?: number) => runDueJobs(db, options, limit),
    /**
     * Runs the given jobs now if they are still due and unclaimed (call it after the enqueuing transaction committed).
     * Never throws: a job that fails, or cannot be claimed now, stays in the table for the poller.
     */
    async runNow(ids: readonly number[]): Promise<void> {
      for (const id of ids) {
        try {
          const now = options.now();
          const job = await claim(db, now, id);
          if (job) await execute(db, job, now, options);
        } catch (err) {
          options.log?.warn({ jobId: id, err }, 'job not run now; the poller retries it');
        }
      }
    },
  };
}

export type TJobRunner = ReturnType<typeof createJobRunner>;

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
