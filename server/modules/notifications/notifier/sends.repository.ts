import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { notificationSends } from '#server/db/schema/index.ts';
import type { TNotificationChannel, TNotificationKind } from '#common/notifications.ts';

/** A send's idempotency row. */
export async function findSend(db: TDb | TTx, id: number) {
  const [row] = await db.select().from(notificationSends).where(eq(notificationSends.id, id)).limit(1);
  return row;
}

/**
 * Ends a send: sent (with its time), skipped or failed (with the reason). Only a queued or sending one changes (a
 * send another device's job already ended stays as it is).
 */
export async function finishSend(
  db: TDb | TTx,
  id: number,
  outcome: { status: 'sent' | 'skipped' | 'failed' | 'queued'; reason?: string; at: Date },
): Promise<void> {
  await db
    .update(notificationSends)
    .set({
      status: outcome.status,
      reason: outcome.reason ?? null,
      sentAt: outcome.status === 'sent' ? outcome.at : null,
    })
    .where(and(eq(notificationSends.id, id), inArray(notificationSends.status, ['queued', 'sending'])));
}

/** Marks a send as being sent now: from here on it counts against caps (a crash leaves it 'sending': retried). */
export async function markSending(db: TDb | TTx, id: number, at: Date): Promise<void> {
  await db
    .update(notificationSends)
    .set({ status: 'sending', sentAt: at })
    .where(and(eq(notificationSends.id, id), inArray(notificationSends.status, ['queued', 'sending'])));
}

/** Serializes a member's notification emails (cap checks) across processes until the transaction ends. */
export async function lockMemberNotifications(tx: TTx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('notify-email'), ${userId})`);
}

/**
 * Sent notifications of a member on a channel since a time (optionally of some kinds, about one subject), excluding
 * the send `exceptId`: what caps and "once per …" rules count.
 */
export async function countSentSince(
  db: TDb | TTx,
  q: {
    userId: number;
    channel: TNotificationChannel;
    since: Date;
    kinds?: readonly TNotificationKind[];
    subjectId?: number;
    exceptId?: number;
  },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationSends)
    .where(
      and(
        eq(notificationSends.userId, q.userId),
        eq(notificationSends.channel, q.channel),
        inArray(notificationSends.status, ['sent', 'sending']),
        gte(notificationSends.sentAt, q.since),
        q.kinds ? inArray(notificationSends.kind, [...q.kinds]) : undefined,
        q.subjectId === undefined ? undefined : eq(notificationSends.subjectId, q.subjectId),
        q.exceptId === undefined ? undefined : sql`${notificationSends.id} <> ${q.exceptId}`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims the right to notify a member of an event on a channel and queues its delivery, in one statement (no
 * transaction round trips on the hot path): the idempotency row is inserted, or nothing happens when it exists
 * (another process, a retry or a repeated event got there first). When it is new, one job per subscription (push) or one job (email, `subscriptionIds` empty) is queued with
 * payload `{ sendId, event, subscriptionId? }`. Returns the ids of the jobs queued (none when already claimed).
 */
export async function claimSendAndQueue(
  db: TDb | TTx,
  s: {
    userId: number;
    kind: TNotificationKind;
    channel: TNotificationChannel;
    eventKey: string;
    subjectId: number | null;
    at: Date;
    jobKind: string;
    runAt: Date;
    event: Record<string, unknown>;
    subscriptionIds: number[];
  },
): Promise<number[]> {
  const subscriptions = `{${s.subscriptionIds.map((id) => Math.trunc(id)).join(',')}}`;
  const result = await db.execute(sql`
    with claimed as (
      insert into ${notificationSends} (user_id, kind, channel, event_key, subject_id, created_at)
      values (${s.userId}, ${s.kind}, ${s.channel}, ${s.eventKey}, ${s.subjectId}, ${s.at.toISOString()}::timestamptz)
      on conflict do nothing
      returning id)
    insert into jobs (kind, payload, run_at, created_at, user_id)
    select ${s.jobKind},
      jsonb_build_object('sendId', claimed.id, 'event', ${JSON.stringify(s.event)}::jsonb)
        || case when sub.id is null then '{}'::jsonb else jsonb_build_object('subscriptionId', sub.id) end,
      ${s.runAt.toISOString()}::timestamptz, ${s.at.toISOString()}::timestamptz, ${s.userId}
    from claimed left join unnest(${subscriptions}::int[]) as sub(id) on true
    returning id`);
  return (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
}
