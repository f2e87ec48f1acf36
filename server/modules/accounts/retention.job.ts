import {
  CONSENT_PROOF_RETENTION_YEARS,
  DEV_MAILBOX_RETENTION_DAYS,
  FINISHED_JOB_RETENTION_DAYS,
  IP_RETENTION_DAYS,
  LOGIN_ATTEMPT_RETENTION_DAYS,
  NOTIFICATION_LOG_RETENTION_DAYS,
  PAYMENT_RETENTION_YEARS,
  RETENTION_INTERVAL_HOURS,
  SEPA_MANDATE_RETENTION_DAYS,
} from '#common/constants.ts';
import type { TDb } from '#server/db/connect.ts';
import { defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { retentionJob } from './account-jobs.ts';
import { applyRetention, scheduleRetention, type TRetentionCutoffs } from './retention.repository.ts';
import { DAY_MS } from '#common/time.ts';
import { addHours } from 'date-fns';

/** The cut-offs of a run at `now` (common/constants.ts); years count as calendar years. */
export function retentionCutoffs(now: Date): TRetentionCutoffs {
  const daysAgo = (n: number) => new Date(now.getTime() - n * DAY_MS);
  const yearsAgo = (n: number) => {
    const d = new Date(now);
    d.setUTCFullYear(d.getUTCFullYear() - n);
    return d;
  };
  return {
    now,
    loginAttempts: daysAgo(LOGIN_ATTEMPT_RETENTION_DAYS),
    finishedJobs: daysAgo(FINISHED_JOB_RETENTION_DAYS),
    mailbox: daysAgo(DEV_MAILBOX_RETENTION_DAYS),
    ip: daysAgo(IP_RETENTION_DAYS),
    purgedPayments: yearsAgo(PAYMENT_RETENTION_YEARS),
    purgedConsents: yearsAgo(CONSENT_PROOF_RETENTION_YEARS),
    revokedMandates: daysAgo(SEPA_MANDATE_RETENTION_DAYS),
    notificationLog: daysAgo(NOTIFICATION_LOG_RETENTION_DAYS),
  };
}

/** Makes sure a retention run is pending (start-up): one is added, due at once, when none is. */
export function ensureRetentionScheduled(db: TDb, now: Date): Promise<boolean> {
  return scheduleRetention(db, now);
}

/**
 * The durable daily `retention` job (GDPR Art. 5(1)(e) storage limitation): applies every storage limit in one
 * transaction, then schedules the next run RETENTION_INTERVAL_HOURS later (exactly one pending: a start-up adds one
 * only when none is). A failed run is retried by the job runner and schedules nothing until it succeeds.
 */
export function createRetentionJob(deps: { db: TDb; now: () => Date; log: Pick<TLogger, 'info'> }): TJobDefinition {
  const { db, now, log } = deps;
  return defineJob(retentionJob, { handler: retain });

  async function retain(payload: { run?: string }): Promise<void> {
    const at = now();
    const counts = await db.transaction((tx) => applyRetention(tx, retentionCutoffs(at)));
    log.info({ job: retentionJob.kind, ...counts }, 'retention: old data removed');
    await scheduleRetention(db, addHours(at, RETENTION_INTERVAL_HOURS), payload.run);
  }
}
