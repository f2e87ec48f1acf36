import type { TDb } from '../db/connect.ts';
import { errorSummary, type TLogger } from '../lib/logger.ts';
import { JobPayloadError, type TJobDefinition, type TJobPolicy } from './define-job.ts';
import { claimDueJob, markJobDone, markJobFailed, rescheduleJob, type TClaimedJob } from './jobs.repository.ts';
import { DAY_MS, MINUTE_MS } from '#common/time.ts';

/**
 * A failure that trying again cannot fix (e.g. an SMTP 5xx answer): the job is tried at most
 * `PERMANENT_FAILURE_ATTEMPTS` times, then moved to the failed state. Any other error is retried with backoff.
 */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';
}

/** Attempts before a job that keeps failing permanently is given up (one more in case the refusal was a fluke). */
export const PERMANENT_FAILURE_ATTEMPTS = 3;

/** Background runs started by `runDetached` at once at most; more jobs wait for the poller. */
const MAX_DETACHED_RUNS = 4;

/** A claimed job is leased this long; if its process dies, another one picks it up after the lease. */
const LEASE_MS = 10 * MINUTE_MS;

/** How long `runNow` holds its caller (a request) before leaving the rest of the run to the background. */
const RUN_NOW_WAIT_MS = 500;

/** What the runner needs besides the database. */
interface TRunnerOptions {
  /** One definition per kind (the modules export them; the composition root hands the list over). */
  definitions: readonly TJobDefinition[];
  now: () => Date;
  log?: Pick<TLogger, 'warn' | 'error'>;
  /** Overrides RUN_NOW_WAIT_MS; Infinity waits for the run (nothing slow to wait for, e.g. the dev mailbox). */
  runNowWaitMs?: number;
}

/** The runner's database and options, with the definitions by kind. */
interface TRunContext extends Omit<TRunnerOptions, 'definitions'> {
  db: TDb;
  byKind: ReadonlyMap<string, TJobDefinition>;
}

/** The definitions by kind; a kind defined twice is a wiring mistake, refused at start-up. */
function indexDefinitions(definitions: readonly TJobDefinition[]): Map<string, TJobDefinition> {
  const byKind = new Map<string, TJobDefinition>();
  for (const definition of definitions) {
    if (byKind.has(definition.kind)) throw new Error(`job kind ${definition.kind} is defined twice`);
    byKind.set(definition.kind, definition);
  }
  return byKind;
}

/** The policy's scrub of a payload; a payload it cannot read (it did not parse) is emptied instead. */
function scrubPayload(policy: TJobPolicy, payload: Record<string, unknown>): Record<string, unknown> | undefined {
  if (!policy.scrub) return undefined;
  try {
    return policy.scrub(payload);
  } catch {
    return {};
  }
}

/** Claims the oldest due job (or the given one, when it is due) under a lease, so no two processes run it at once. */
function claim(db: TDb, now: Date, id?: number): Promise<TClaimedJob | undefined> {
  return claimDueJob(db, { now, leaseUntil: new Date(now.getTime() + LEASE_MS), id });
}

/**
 * Runs one claimed job. A failure is retried later with exponential backoff, its error kept for operators; a
 * permanent one (after PERMANENT_FAILURE_ATTEMPTS), or a temporary one past the kind's limit, moves the job to failed.
 */
async function execute(options: TRunContext, job: TClaimedJob, now: Date): Promise<void> {
  const { db } = options;
  const definition = options.byKind.get(job.kind);
  const policy = definition?.policy ?? {};
  const scrubbed = scrubPayload(policy, job.payload);
  try {
    if (!definition) throw new Error(`no handler for job kind ${job.kind}`);
    await definition.run(job.payload);
    await markJobDone(db, { id: job.id, now, payload: scrubbed });
  } catch (err) {
    if (err instanceof JobPayloadError) {
      // Trying again cannot make it parse; the log names the mismatch, never the payload's values.
      options.log?.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, err }, 'job failed for good');
      await markJobFailed(db, { id: job.id, now, lastError: err.message, payload: scrubbed });
      return;
    }
    // Logged through the process's error serializer, and kept in one line of what it logs: no query, parameter or
    // email address reaches the log or the table.
    const error = errorSummary(err);
    const entry = { jobId: job.id, kind: job.kind, attempts: job.attempts, err };
    const permanent = err instanceof PermanentJobError;
    const deadline = policy.giveUpAfterMs === undefined ? Infinity : job.createdAt.getTime() + policy.giveUpAfterMs;
    if ((permanent && job.attempts >= PERMANENT_FAILURE_ATTEMPTS) || (!permanent && now.getTime() >= deadline)) {
      options.log?.error({ ...entry, permanent }, 'job failed for good');
      await markJobFailed(db, { id: job.id, now, lastError: error, payload: scrubbed });
      return;
    }
    const backoff = Math.min(policy.maxBackoffMs ?? DAY_MS, MINUTE_MS * 2 ** job.attempts);
    // The last try of a temporary failure happens at the limit, so the job fails then rather than a backoff later.
    const retryAt = new Date(Math.min(now.getTime() + backoff, Math.max(deadline, now.getTime() + MINUTE_MS)));
    options.log?.warn({ ...entry, permanent, retryAt }, 'job failed');
    await rescheduleJob(db, { id: job.id, runAt: retryAt, lastError: error });
  }
}

/** Lets the event loop run (sockets, timers): PGlite answers queries without yielding, so a run of jobs would not. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Jobs one `runDue` runs at most. */
export const RUN_DUE_LIMIT = 20;

/** Runs due jobs, at most `limit`; returns how many ran. */
async function runDueJobs(options: TRunContext, limit = RUN_DUE_LIMIT): Promise<number> {
  let done = 0;
  for (; done < limit; done++) {
    const now = options.now();
    const job = await claim(options.db, now);
    if (!job) break;
    await execute(options, job, now);
    await yieldToEventLoop();
  }
  return done;
}

/**
 * Runs `runDue` again while it keeps finding a full batch (a backlog, e.g. a thousand emails falling due together),
 * for at most `budgetMs`; one poll tick thus drains a backlog instead of 20 jobs a tick. Returns how many ran.
 */
export async function drainDueJobs(
  runDue: () => Promise<number>,
  options: { limit?: number; budgetMs?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const { limit = RUN_DUE_LIMIT, budgetMs = 30_000, stopped = () => false } = options;
  const until = Date.now() + budgetMs;
  let total = 0;
  for (;;) {
    const ran = await runDue();
    total += ran;
    if (ran < limit || stopped() || Date.now() >= until) return total;
    await yieldToEventLoop();
  }
}

/** The durable job queue of a process: the poller drains due jobs, `runNow` runs just-committed ones at once. */
export function createJobRunner(db: TDb, runnerOptions: TRunnerOptions) {
  const { definitions, ...rest } = runnerOptions;
  const options: TRunContext = { ...rest, db, byKind: indexDefinitions(definitions) };
  const running = new Set<Promise<void>>();
  let detached = 0;
  const waitMs = options.runNowWaitMs ?? RUN_NOW_WAIT_MS;

  /** Runs the jobs one after the other; never throws. */
  async function runEach(ids: readonly number[]): Promise<void> {
    for (const id of ids) {
      try {
        const now = options.now();
        const job = await claim(db, now, id);
        if (job) await execute(options, job, now);
      } catch (err) {
        options.log?.warn({ jobId: id, err }, 'job not run now; the poller retries it');
      }
    }
  }

  return {
    /** The kinds it has a definition for. */
    kinds: [...options.byKind.keys()].sort(),
    /** Runs due jobs once (the process entry polls it). */
    runDue: (limit?: number) => runDueJobs(options, limit),
    /**
     * Runs the given jobs now if they are still due and unclaimed (call it after the enqueuing transaction committed).
     * Resolves when they ran, or after RUN_NOW_WAIT_MS at most, the run going on in the background: a slow mail
     * server delays the job, never the request. Never throws: a job that fails, or cannot be claimed now, stays in
     * the table for the poller.
     */
    runNow(ids: readonly number[]): Promise<void> {
      const run = runEach(ids);
      running.add(run);
      void run.finally(() => running.delete(run));
      if (!Number.isFinite(waitMs)) return run;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      return Promise.race([run, waited]).finally(() => clearTimeout(timer));
    },
    /**
     * Runs the given jobs once the caller's request has been answered (the event loop's next check phase), never
     * holding the caller: nothing the jobs do can show in the answer or its timing. `idle` waits for them too.
     */
    runDetached(ids: readonly number[]): void {
      // Under load (many sends a second) background runs would compete with requests for the database: beyond a few
      // at once, the jobs are left to the poller, which drains them in batches.
      if (detached >= MAX_DETACHED_RUNS) return;
      detached++;
      const run = new Promise<void>((resolve) => setImmediate(resolve)).then(() => runEach(ids));
      running.add(run);
      void run.finally(() => {
        detached--;
        running.delete(run);
      });
    },
    /** Resolves once every run started by `runNow` has ended (before closing the database; tests). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type TJobRunner = ReturnType<typeof createJobRunner>;

/**
 * Polls for due jobs every interval until stopped. The returned stop function resolves once a run in progress has
 * finished, so a shutdown closes the database only after the jobs it was running (their leases would otherwise hold
 * them for 10 minutes).
 */
export function startJobLoop(run: () => Promise<unknown>, intervalMs: number, onError: (err: unknown) => void) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  const tick = async () => {
    running = (async () => {
      try {
        await run();
      } catch (err) {
        onError(err);
      }
    })();
    await running;
    running = undefined;
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  timer = setTimeout(tick, 1000);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
