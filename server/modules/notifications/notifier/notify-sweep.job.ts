import {
  REMINDER_EVERY_DAYS,
  REMINDERS_MAX_UNANSWERED,
  UNREAD_REMINDER_AFTER_MS,
  WEEKLY_UPDATE_EVERY_MS,
} from '#common/notifications.ts';
import { NOTIFICATION_LOG_RETENTION_DAYS } from '#common/constants.ts';
import { z } from 'zod';
import type { TDb, TTx } from '#server/db/connect.ts';
import { declareJob, defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import { schedulePeriodicJob } from '#server/jobs/jobs.repository.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { notifyEventJob, type TNotifyEvent } from './events.ts';
import {
  findBroadcastAudience,
  findReminderCandidates,
  findUnreadStretches,
  findWeeklyCandidates,
} from './notify.repository.ts';
import { DAY_MS, HOUR_MS } from '#common/time.ts';
import { subHours } from 'date-fns';

/** The hourly job that finds messages unread for a day and members due a reminder (`run`: its periodic run). */
export const notifySweepJob = declareJob({ kind: 'notify_sweep', payload: z.object({ run: z.string().optional() }) });
export const NOTIFY_SWEEP_EVERY_MS = HOUR_MS;
/** The weekly job that sends every member the week's digest (in batches: `after` is the cursor, each member once). */
export const notifyWeeklyJob = declareJob({
  kind: 'notify_weekly',
  payload: z.object({ run: z.string().optional(), week: z.string().optional(), after: z.number().optional() }),
});
/** A message unread this much longer than UNREAD_REMINDER_AFTER_MS is no longer reminded of (the sweep's window). */
const UNREAD_WINDOW_MS = 3 * HOUR_MS;
/** Members a reminder or weekly run handles per batch. */
const BATCH = 500;
/** Reminders go to members who logged in (or signed up) within this many days: well inside the log's retention. */
const REMINDER_WINDOW_DAYS = NOTIFICATION_LOG_RETENTION_DAYS / 2;
/** Accounts get their first reminder a day after signing up. */
const FIRST_REMINDER_AFTER_MS = DAY_MS;

/** ISO 8601 week of a date, e.g. `2026-W48`. */
export function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  const week = Math.ceil(((d.getTime() - yearStart.getTime()) / DAY_MS + 1) / 7);
  return `${d.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

interface TDeps {
  db: TDb;
  now: () => Date;
  log: Pick<TLogger, 'info'>;
}

/** Queues fan-out jobs for events the sweep found (the fan-out's idempotency rows make repeats harmless). */
async function queueEvents(db: TDb, events: TNotifyEvent[], at: Date): Promise<void> {
  if (!events.length) return;
  await db.transaction(async (tx) => {
    for (const event of events) {
      await notifyEventJob.enqueue(tx, { ...event }, { runAt: at, createdAt: at });
    }
  });
}

/**
 * The hourly sweep: messages unread for UNREAD_REMINDER_AFTER_MS (`unread_message_reminders`; a window of
 * a few hours, so a late run still finds them and each is considered a few times at most) and members due a
 * reminder (activation, photo, profile; spaced REMINDER_EVERY_DAYS, stopping after REMINDERS_MAX_UNANSWERED without a
 * login). Schedules the next run.
 */
function createNotifySweepJob({ db, now, log }: TDeps) {
  return async (payload: z.output<typeof notifySweepJob.payload>): Promise<void> => {
    const at = now();
    const unreadBefore = new Date(at.getTime() - UNREAD_REMINDER_AFTER_MS);
    const stretches = await findUnreadStretches(db, {
      olderThan: unreadBefore,
      notBefore: new Date(unreadBefore.getTime() - UNREAD_WINDOW_MS),
      limit: BATCH * 4,
    });
    await queueEvents(
      db,
      stretches.map((s) => ({
        type: 'unread',
        profileId: s.profileId,
        conversationId: s.conversationId,
        messageId: s.firstUnread,
        senderProfileId: s.senderProfileId,
      })),
      at,
    );
    const day = at.toISOString().slice(0, 10);
    const candidates = await findReminderCandidates(db, {
      signedUpBefore: new Date(at.getTime() - FIRST_REMINDER_AFTER_MS),
      spacedAfter: subHours(at, REMINDER_EVERY_DAYS * 24),
      max: REMINDERS_MAX_UNANSWERED,
      limit: BATCH * 4,
      // Only members seen lately: the record of sent reminders is kept NOTIFICATION_LOG_RETENTION_DAYS, so an
      // absent member's count would start again once it is deleted.
      activeSince: subHours(at, REMINDER_WINDOW_DAYS * 24),
    });
    await queueEvents(
      db,
      candidates.map((c) => ({ type: 'reminder', userId: c.userId, reminder: c.reminder, day })),
      at,
    );
    log.info(
      { job: notifySweepJob.kind, unread: stretches.length, reminders: candidates.length },
      'notification sweep',
    );
    await schedulePeriodicJob(db, notifySweepJob, {
      runAt: new Date(at.getTime() + NOTIFY_SWEEP_EVERY_MS),
      exceptRun: payload.run,
    });
  };
}

/**
 * The weekly digest (`weekly_updates`): walks every member in batches (the cursor travels in the payload, the next
 * batch is queued at once), queues each one's digest for the ISO week, then schedules next week's run.
 */
function createNotifyWeeklyJob({ db, now, log }: TDeps) {
  return async (payload: z.output<typeof notifyWeeklyJob.payload>): Promise<void> => {
    const at = now();
    const week = payload.week ?? isoWeek(at);
    const after = payload.after ?? 0;
    const ids = await findWeeklyCandidates(db, { eventKey: `weekly:${week}`, afterUserId: after, limit: BATCH });
    await queueEvents(
      db,
      ids.map((userId) => ({ type: 'weekly', userId, week })),
      at,
    );
    // The batches of one run share its run id: the next week's run is scheduled once, after the last batch.
    const { run } = payload;
    if (ids.length === BATCH) {
      const next = { week, after: ids[ids.length - 1], ...(run ? { run } : {}) };
      await notifyWeeklyJob.enqueue(db, next, { runAt: at, createdAt: at });
      return;
    }
    log.info({ job: notifyWeeklyJob.kind, week }, 'weekly digests queued');
    await schedulePeriodicJob(db, notifyWeeklyJob, {
      runAt: new Date(at.getTime() + WEEKLY_UPDATE_EVERY_MS),
      exceptRun: run,
    });
  };
}

/** Makes sure the sweep and the weekly digest are pending (start-up): each is added when none is. */
export async function ensureNotificationJobsScheduled(db: TDb, at: Date): Promise<void> {
  await schedulePeriodicJob(db, notifySweepJob, { runAt: at });
  await schedulePeriodicJob(db, notifyWeeklyJob, { runAt: new Date(at.getTime() + WEEKLY_UPDATE_EVERY_MS) });
}

/**
 * A broadcast: its id (idempotency: one per member and channel), the site, the kind and the text per locale (title,
 * body in plain text and link; members of a locale without its own text get `en`).
 */
const ZBroadcast = z.object({
  broadcast: z.string(),
  siteId: z.number(),
  kind: z.enum(['promotions', 'news']),
  messages: z.record(z.string(), z.object({ title: z.string(), body: z.string(), url: z.string() })),
});
export type TBroadcast = z.infer<typeof ZBroadcast>;

/** The job that sends an operator's promotion or news item to every member of a site who consented to it. */
export const notifyBroadcastJob = declareJob({
  kind: 'notify_broadcast',
  payload: ZBroadcast.extend({ after: z.number() }),
});

/** Queues a broadcast (the console, operator scripts; the job loop sends it), in the caller's transaction. Returns the job id. */
export function queueBroadcast(db: TDb | TTx, b: TBroadcast, at: Date): Promise<number> {
  if (!b.messages.en) throw new Error('a broadcast needs at least the English text (messages.en)');
  return notifyBroadcastJob.enqueue(db, { ...b, after: 0 }, { runAt: at, createdAt: at });
}

/**
 * The broadcast job: walks the site's members with a live consent of the kind in batches (the cursor travels in the
 * payload) and queues each one's item in their language; the fan-out checks consent and switches again.
 */
function createNotifyBroadcastJob({ db, now, log }: TDeps) {
  return async (b: z.output<typeof notifyBroadcastJob.payload>): Promise<void> => {
    const at = now();
    const audience = await findBroadcastAudience(db, {
      siteId: b.siteId,
      kind: b.kind,
      afterUserId: b.after,
      limit: BATCH,
    });
    await queueEvents(
      db,
      audience.map((m) => {
        const text = b.messages[m.locale] ?? b.messages.en;
        return { type: 'broadcast', userId: m.userId, broadcast: b.broadcast, kind: b.kind, ...text };
      }),
      at,
    );
    if (audience.length === BATCH) {
      const next = { ...b, after: audience[audience.length - 1].userId };
      await notifyBroadcastJob.enqueue(db, next, { runAt: at, createdAt: at });
      return;
    }
    log.info({ job: notifyBroadcastJob.kind, broadcast: b.broadcast, kind: b.kind }, 'broadcast queued');
  };
}

/** The sweep, the weekly digest and the broadcasts. */
export function notifySweepJobs(deps: TDeps): TJobDefinition[] {
  return [
    defineJob(notifySweepJob, { handler: createNotifySweepJob(deps) }),
    defineJob(notifyWeeklyJob, { handler: createNotifyWeeklyJob(deps) }),
    defineJob(notifyBroadcastJob, { handler: createNotifyBroadcastJob(deps) }),
  ];
}
