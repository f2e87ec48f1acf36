import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, gte, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TDb, TTx } from '../db/connect.ts';
import { jobs } from '../db/schema/index.ts';
import type { TDeclaredJob, TPayloadSchema } from './define-job.ts';

export type TJobRow = typeof jobs.$inferSelect;

/** What the runner needs of a claimed job. */
export type TClaimedJob = Pick<TJobRow, 'id' | 'kind' | 'payload' | 'attempts' | 'createdAt'>;

/**
 * Adds a job in the caller's transaction, so it exists exactly when the change that causes it commits. `userId` names
 * the member it is about (per-member limits); `createdAt` defaults to the database clock.
 */
export async function enqueueJob(
  tx: TDb | TTx,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date; userId?: number; createdAt?: Date },
): Promise<number> {
  const [row] = await tx.insert(jobs).values(job).returning({ id: jobs.id });
  return row.id;
}

/**
 * Adds a job like `enqueueJob` unless a job of its kind whose payload contains `match` exists, pending or not: a step
 * of a chain that runs twice (its process died before it was marked done) never starts a second chain.
 */
export async function enqueueJobOnce(
  tx: TDb | TTx,
  job: { kind: string; payload: Record<string, unknown>; runAt: Date },
  match: Record<string, unknown>,
): Promise<void> {
  await tx.execute(sql`
    insert into ${jobs} (kind, payload, run_at)
    select ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.runAt.toISOString()}::timestamptz
    where not exists (select 1 from ${jobs} where kind = ${job.kind} and payload @> ${JSON.stringify(match)}::jsonb)`);
}

/** Ends the pending jobs of a declared kind whose payload contains `match` (e.g. a purge after the account came back). */
export async function cancelJobs<S extends TPayloadSchema>(
  tx: TDb | TTx,
  job: TDeclaredJob<S>,
  { match, now }: { match: Partial<z.input<S>> & Record<string, unknown>; now: Date },
): Promise<void> {
  await tx
    .update(jobs)
    .set({ doneAt: now, lastError: 'cancelled' })
    .where(
      and(
        eq(jobs.kind, job.kind),
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        sql`${jobs.payload} @> ${JSON.stringify(match)}::jsonb`,
      ),
    );
}

/**
 * Claims the oldest due job (or the given one, when it is due) atomically (FOR UPDATE SKIP LOCKED), leasing it until
 * `leaseUntil` and counting the attempt, so no two processes run it at once. The previous attempt's error is cleared
 * while it runs: a pending job with `last_error` set is one waiting for a retry, never one being run.
 */
export async function claimDueJob(
  db: TDb,
  { now, leaseUntil, id }: { now: Date; leaseUntil: Date; id?: number },
): Promise<TClaimedJob | undefined> {
  // One given job is found by its key; "the oldest due" walks the due index. (With `and id = …` inside the ordered
  // subquery the planner walked every due job to find one: slow once many are due.)
  const pick =
    id === undefined
      ? sql`select id from ${jobs}
            where done_at is null and failed_at is null and run_at <= ${now.toISOString()}::timestamptz
            order by run_at limit 1
            for update skip locked`
      : sql`select id from ${jobs}
            where id = ${id} and done_at is null and failed_at is null and run_at <= ${now.toISOString()}::timestamptz
            for update skip locked`;
  const result = await db.execute(sql`
    update ${jobs} set run_at = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1, last_error = null
    where id = (${pick})
    returning id, kind, payload, attempts, created_at`);
  const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    kind: String(row.kind),
    payload: row.payload as Record<string, unknown>,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at as string | Date),
  };
}

/** Marks a job done; `payload`, when given, replaces its payload (an email's payload holds its single-use link). */
export async function markJobDone(
  db: TDb,
  { id, now, payload }: { id: number; now: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .update(jobs)
    .set(payload ? { doneAt: now, payload } : { doneAt: now })
    .where(eq(jobs.id, id));
}

/** Moves a job to the failed state for good, with the reason; `payload`, when given, replaces its payload. */
export async function markJobFailed(
  db: TDb,
  { id, now, lastError, payload }: { id: number; now: Date; lastError: string; payload?: Record<string, unknown> },
): Promise<void> {
  await db
    .update(jobs)
    .set(payload ? { failedAt: now, lastError, payload } : { failedAt: now, lastError })
    .where(eq(jobs.id, id));
}

/**
 * Counts a member's jobs of a kind whose payload contains `match`, created since a time, that were done or have not
 * failed an attempt yet: a job that failed for good, or is being retried after an error, does not count.
 */
export async function countUserJobsSince(
  db: TDb | TTx,
  q: { kind: string; userId: number; match: Record<string, unknown>; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, q.userId),
        gte(jobs.createdAt, q.since),
        eq(jobs.kind, q.kind),
        sql`${jobs.payload} @> ${JSON.stringify(q.match)}::jsonb`,
        isNull(jobs.failedAt),
        or(isNotNull(jobs.doneAt), isNull(jobs.lastError)),
      ),
    );
  return row?.n ?? 0;
}

/** Schedules a failed job's next attempt, keeping its error for operators. */
export async function rescheduleJob(
  db: TDb,
  { id, runAt, lastError }: { id: number; runAt: Date; lastError: string },
): Promise<void> {
  await db.update(jobs).set({ runAt, lastError }).where(eq(jobs.id, id));
}

/**
 * Schedules a run of a periodic job at `runAt` unless one is pending already, the run in progress (payload `run`)
 * aside; under a transaction-scoped advisory lock, so two processes starting together, or a run and a start-up, add
 * only one. Returns whether it added one.
 */
export async function schedulePeriodicJob(
  db: TDb,
  job: TDeclaredJob,
  { runAt, exceptRun }: { runAt: Date; exceptRun?: string },
): Promise<boolean> {
  const { kind } = job;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${kind}, 0))`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, kind),
          isNull(jobs.doneAt),
          isNull(jobs.failedAt),
          exceptRun === undefined
            ? undefined
            : sql`not ${jobs.payload} @> ${JSON.stringify({ run: exceptRun })}::jsonb`,
        ),
      )
      .limit(1);
    if (pending) return false;
    await tx.insert(jobs).values({ kind, payload: { run: randomUUID() }, runAt });
    return true;
  });
}

/** The pending runs of a periodic job (tests, start-up check). */
export async function pendingPeriodicRuns(db: TDb, job: TDeclaredJob): Promise<{ id: number; runAt: Date }[]> {
  return db
    .select({ id: jobs.id, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, job.kind), isNull(jobs.doneAt), isNull(jobs.failedAt)));
}

/**
 * Makes the jobs of these kinds that wait for a retry after a failure due at `now` (the mail relay answers again);
 * jobs being run (leased, their error cleared) and first attempts not yet due are left alone. Returns how many.
 */
export async function bringForwardRetries(db: TDb, kinds: readonly string[], now: Date): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({ runAt: now })
    .where(
      and(
        inArray(jobs.kind, [...kinds]),
        isNull(jobs.doneAt),
        isNull(jobs.failedAt),
        isNotNull(jobs.lastError),
        gt(jobs.runAt, now),
      ),
    )
    .returning({ id: jobs.id });
  return rows.length;
}
