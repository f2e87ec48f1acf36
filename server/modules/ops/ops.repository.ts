import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '#server/db/connect.ts';

/** Where a job stands, for the queue figures (a leased job is running; one with an error waits for its retry). */
export interface TQueueDepth {
  kind: string;
  /** Pending and due now: the next poll picks them up. */
  due: number;
  /** Claimed by a process (leased, first try or a retry in progress). */
  running: number;
  /** Failed an attempt and wait for the next one (backoff). */
  retrying: number;
  /** Queued for later (a delayed email, a periodic run). */
  scheduled: number;
  /** Gave up for good; they need an operator. */
  failed: number;
}

/** A failed job as the console lists it: never its payload (it may hold an address or a single-use link). */
export interface TFailedJobRow {
  id: number;
  kind: string;
  attempts: number;
  lastError: string | null;
  failedAt: Date;
  createdAt: Date;
  userId: number | null;
  siteId: number | null;
}

/** Notification sends of one kind, channel and status over the last 7 and 30 days. */
export interface TSendCountRow {
  kind: string;
  channel: string;
  status: string;
  last7: number;
  last30: number;
}

/** The site filter of a query on jobs: none for staff of every site, else the job's member must be on one of them. */
function jobSiteFilter(siteIds: readonly number[] | null): SQL {
  if (siteIds === null) return sql`true`;
  if (siteIds.length === 0) return sql`false`;
  return sql`exists (select 1 from users u where u.id = j.user_id and u.site_id in (${sql.join(
    siteIds.map((id) => sql`${id}`),
    sql`, `,
  )}))`;
}

/** Members' site filter on a query aliased `u`. */
function userSiteFilter(siteIds: readonly number[] | null): SQL {
  if (siteIds === null) return sql`true`;
  if (siteIds.length === 0) return sql`false`;
  return sql`u.site_id in (${sql.join(
    siteIds.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * The jobs per kind by state. Pending jobs are read through the due index's predicate; failed ones are those that
 * failed since `failedSince` (older ones stay in the list of failed jobs, but are no longer queue figures).
 */
export async function countQueueByKind(
  db: TDb,
  q: { now: Date; failedSince: Date; siteIds: readonly number[] | null },
): Promise<TQueueDepth[]> {
  const now = q.now.toISOString();
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select j.kind,
          count(*) filter (where j.failed_at is null and j.run_at <= ${now}::timestamptz) as due,
          count(*) filter (where j.failed_at is null and j.run_at > ${now}::timestamptz
                             and j.attempts > 0 and j.last_error is null) as running,
          count(*) filter (where j.failed_at is null and j.run_at > ${now}::timestamptz
                             and j.last_error is not null) as retrying,
          count(*) filter (where j.failed_at is null and j.run_at > ${now}::timestamptz
                             and j.attempts = 0 and j.last_error is null) as scheduled,
          count(*) filter (where j.failed_at is not null) as failed
        from jobs j
        where j.done_at is null
          and (j.failed_at is null or j.failed_at >= ${q.failedSince.toISOString()}::timestamptz)
          and ${jobSiteFilter(q.siteIds)}
        group by j.kind
        order by j.kind`,
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    due: Number(r.due),
    running: Number(r.running),
    retrying: Number(r.retrying),
    scheduled: Number(r.scheduled),
    failed: Number(r.failed),
  }));
}

/** Columns of a failed job the console may see, with its member's site. */
const FAILED_JOB_COLUMNS = sql`j.id, j.kind, j.attempts, j.last_error, j.failed_at, j.created_at, j.user_id,
  (select u.site_id from users u where u.id = j.user_id) as site_id`;

/** Maps a failed job's row. */
function toFailedJob(r: Record<string, unknown>): TFailedJobRow {
  return {
    id: Number(r.id),
    kind: String(r.kind),
    attempts: Number(r.attempts),
    lastError: (r.last_error as string | null) ?? null,
    failedAt: new Date(r.failed_at as string),
    createdAt: new Date(r.created_at as string),
    userId: r.user_id === null ? null : Number(r.user_id),
    siteId: r.site_id === null || r.site_id === undefined ? null : Number(r.site_id),
  };
}

/** A page of failed jobs, newest failure first, optionally of one kind; and how many there are. */
export async function listFailedJobs(
  db: TDb,
  q: { siteIds: readonly number[] | null; kind?: string; limit: number; offset: number },
): Promise<{ rows: TFailedJobRow[]; total: number }> {
  const where = sql`j.failed_at is not null and j.done_at is null
    and ${q.kind ? sql`j.kind = ${q.kind}` : sql`true`} and ${jobSiteFilter(q.siteIds)}`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${FAILED_JOB_COLUMNS} from jobs j where ${where}
        order by j.failed_at desc, j.id desc limit ${q.limit} offset ${q.offset}`,
  );
  const [total] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from jobs j where ${where}`);
  return { rows: rows.map(toFailedJob), total: Number(total?.n ?? 0) };
}

/** One failed job (without its payload), or undefined when there is none with that id or it has not failed. */
export async function findFailedJob(db: TDb | TTx, id: number): Promise<TFailedJobRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${FAILED_JOB_COLUMNS} from jobs j where j.id = ${id} and j.failed_at is not null and j.done_at is null`,
  );
  return row ? toFailedJob(row) : undefined;
}

/**
 * Puts a failed job back in the queue as a fresh one: due now, no attempts, no error, its give-up window counted from
 * now. Only a job still failed is changed (two operators retrying at once retry it once). Returns whether it was.
 */
export async function requeueFailedJob(tx: TDb | TTx, { id, now }: { id: number; now: Date }): Promise<boolean> {
  const at = now.toISOString();
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update jobs set failed_at = null, attempts = 0, last_error = null,
          run_at = ${at}::timestamptz, created_at = ${at}::timestamptz
        where id = ${id} and failed_at is not null and done_at is null
        returning id`,
  );
  return rows.length > 0;
}

/** Notification sends per kind, channel and status created in the last 30 days, with the last 7 days' share. */
export async function countSendsByKind(
  db: TDb,
  q: { since7: Date; since30: Date; siteIds: readonly number[] | null },
): Promise<TSendCountRow[]> {
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select s.kind, s.channel, s.status,
          count(*) filter (where s.created_at >= ${q.since7.toISOString()}::timestamptz) as last7,
          count(*) as last30
        from notification_sends s
        join users u on u.id = s.user_id
        where s.created_at >= ${q.since30.toISOString()}::timestamptz and ${userSiteFilter(q.siteIds)}
        group by s.kind, s.channel, s.status
        order by s.kind, s.channel, s.status`,
  );
  return rows.map((r) => ({
    kind: String(r.kind),
    channel: String(r.channel),
    status: String(r.status),
    last7: Number(r.last7),
    last30: Number(r.last30),
  }));
}

/**
 * The members a broadcast of a kind would reach on a site, per locale: active accounts with a live consent of that
 * kind (the audience the broadcast job walks; each member's switches still decide email and push).
 */
export async function countBroadcastAudience(
  db: TDb,
  q: { siteId: number; kind: 'promotions' | 'news' },
): Promise<{ locale: string; members: number }[]> {
  const rows = await queryRows<{ locale: string; n: number }>(
    db,
    sql`select u.locale, count(*)::int as n from users u
        where u.site_id = ${q.siteId} and u.status = 'active'
          and exists (select 1 from consents c where c.user_id = u.id and c.kind = ${q.kind} and c.withdrawn_at is null)
        group by u.locale
        order by u.locale`,
  );
  return rows.map((r) => ({ locale: r.locale, members: Number(r.n) }));
}
