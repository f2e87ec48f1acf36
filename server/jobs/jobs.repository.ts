import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../db/connect.ts';
import { jobs } from '../db/schema/index.ts';

export type TJobRow = typeof jobs.$inferSelect;

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
 * Claims the oldest due job (or the given one, when it is due) atomically (FOR UPDATE SKIP LOCKED), leasing it until
 * `leaseUntil` and counting the attempt, so no two processes run it at once.
 */
export async function claimDueJob(db: TDb, now: Date, leaseUntil: Date, id?: number): Promise<TJobRow | undefined> {
  const only = id === undefined ? sql`` : sql`and id = ${id}`;
  const result = await db.execute(sql`
    update ${jobs} set run_at = ${leaseUntil.toISOString()}::timestamptz, attempts = attempts + 1
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

/** Marks a job done; `scrubPayload` empties its payload (an email's payload holds its single-use link). */
export async function markJobDone(db: TDb, id: number, now: Date, scrubPayload: boolean): Promise<void> {
  await db
    .update(jobs)
    .set(scrubPayload ? { doneAt: now, payload: {} } : { doneAt: now })
    .where(eq(jobs.id, id));
}

/** Schedules a failed job's next attempt, keeping its error for operators. */
export async function rescheduleJob(db: TDb, id: number, runAt: Date, lastError: string): Promise<void> {
  await db.update(jobs).set({ runAt, lastError }).where(eq(jobs.id, id));
}
