import type { TDb } from '../db/connect.ts';
import type { TLogger } from '../lib/logger.ts';
import { claimDueJob, markJobDone, rescheduleJob, type TJobRow } from './jobs.repository.ts';

export type TJobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** A claimed job is leased this long; if its process dies, another one picks it up after the lease. */
const LEASE_MS = 10 * 60_000;

/** Claims the oldest due job (or the given one, when it is due) under a lease, so no two processes run it at once. */
function claim(db: TDb, now: Date, id?: number): Promise<TJobRow | undefined> {
  return claimDueJob(db, now, new Date(now.getTime() + LEASE_MS), id);
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
    await markJobDone(db, job.id, now, scrub === true);
  } catch (err) {
    const message = String(err instanceof Error ? err.message : err).slice(0, 500);
    options.log?.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, error: message }, 'job failed');
    const retryAt = new Date(now.getTime() + Math.min(86_400_000, 60_000 * 2 ** job.attempts));
    await rescheduleJob(db, job.id, retryAt, message);
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
