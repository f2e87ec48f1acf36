import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { pendingPeriodicRuns, schedulePeriodicJob } from '#server/jobs/jobs.repository.ts';
import {
  accountTokens,
  bannedSessions,
  consents,
  creditLedger,
  discountRedemptions,
  emailFeedback,
  jobs,
  loginAttempts,
  mailbox,
  notificationSends,
  paymentMandates,
  payments,
  sessions,
  users,
} from '#server/db/schema/index.ts';
import { retentionJob } from './account-jobs.ts';

/** The cut-off times of one retention run (everything older goes). */
export interface TRetentionCutoffs {
  now: Date;
  loginAttempts: Date;
  finishedJobs: Date;
  mailbox: Date;
  ip: Date;
  purgedPayments: Date;
  purgedConsents: Date;
  revokedMandates: Date;
  notificationLog: Date;
}

/** How many rows each step of a retention run deleted or cleared (for the log). */
export type TRetentionCounts = Record<string, number>;

const countOf = (rows: unknown[]) => rows.length;

/**
 * Applies the storage limits (GDPR Art. 5(1)(e)) once: deletes old login attempts, expired sessions (and the
 * sessions a ban ended, once their cookie could no longer be sent), used or expired
 * emailed links, long-finished jobs (never the pending ones), old dev-mailbox rows; drops IP prefixes of sessions and
 * consents older than the IP limit; drops a revoked SEPA mandate's details; and deletes the payments, ledger rows and
 * consent records of purged accounts once their retention periods ended.
 */
export async function applyRetention(tx: TTx, c: TRetentionCutoffs): Promise<TRetentionCounts> {
  const id = { id: sql<number>`1` };
  const counts: TRetentionCounts = {};
  counts.loginAttempts = countOf(
    await tx
      .delete(loginAttempts)
      .where(or(lt(loginAttempts.createdAt, c.loginAttempts), lt(loginAttempts.createdAt, c.ip)))
      .returning(id),
  );
  counts.sessions = countOf(await tx.delete(sessions).where(lt(sessions.expiresAt, c.now)).returning(id));
  // A ban's ended session is looked up only while its cookie can still be sent: the row keeps the session's
  // `expires_at` (its start plus AUTH_COOKIE_MAX_AGE_S, the longest a session cookie lives), after which it is dead.
  counts.bannedSessions = countOf(
    await tx.delete(bannedSessions).where(lt(bannedSessions.expiresAt, c.now)).returning(id),
  );
  counts.sessionIps = countOf(
    await tx
      .update(sessions)
      .set({ ipPrefix: null })
      .where(and(isNotNull(sessions.ipPrefix), lt(sessions.createdAt, c.ip)))
      .returning(id),
  );
  counts.tokens = countOf(
    await tx
      .delete(accountTokens)
      .where(or(isNotNull(accountTokens.usedAt), lt(accountTokens.expiresAt, c.now)))
      .returning(id),
  );
  counts.jobs = countOf(
    await tx
      .delete(jobs)
      .where(or(lt(jobs.doneAt, c.finishedJobs), lt(jobs.failedAt, c.finishedJobs)))
      .returning(id),
  );
  counts.mailbox = countOf(await tx.delete(mailbox).where(lt(mailbox.createdAt, c.mailbox)).returning(id));
  counts.consentIps = countOf(
    await tx
      .update(consents)
      .set({ ipPrefix: null })
      .where(and(isNotNull(consents.ipPrefix), lt(consents.givenAt, c.ip)))
      .returning(id),
  );
  counts.mandateDetails = countOf(
    await tx
      .update(paymentMandates)
      .set({ details: null })
      .where(and(isNotNull(paymentMandates.details), lt(paymentMandates.revokedAt, c.revokedMandates)))
      .returning(id),
  );
  counts.notificationSends = countOf(
    await tx.delete(notificationSends).where(lt(notificationSends.createdAt, c.notificationLog)).returning(id),
  );
  counts.emailFeedback = countOf(
    await tx.delete(emailFeedback).where(lt(emailFeedback.createdAt, c.notificationLog)).returning(id),
  );
  // Purged accounts: payments and their ledger once the tax period after each ended, consent records once the
  // limitation period after the erasure ended. A live member's own history is theirs and stays.
  const purged = (erasedBefore?: Date) =>
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.status, 'purged'), erasedBefore ? lt(users.deletedAt, erasedBefore) : undefined));
  const pastTaxPeriod = and(inArray(payments.userId, purged()), lt(payments.createdAt, c.purgedPayments));
  await tx
    .delete(discountRedemptions)
    .where(inArray(discountRedemptions.paymentId, tx.select({ id: payments.id }).from(payments).where(pastTaxPeriod)));
  counts.payments = countOf(await tx.delete(payments).where(pastTaxPeriod).returning(id));
  counts.ledger = countOf(
    await tx
      .delete(creditLedger)
      .where(and(inArray(creditLedger.userId, purged()), lt(creditLedger.createdAt, c.purgedPayments)))
      .returning(id),
  );
  counts.consents = countOf(
    await tx
      .delete(consents)
      .where(inArray(consents.userId, purged(c.purgedConsents)))
      .returning(id),
  );
  return counts;
}

/** Schedules a retention run at `runAt` unless one is pending (the run in progress aside): `schedulePeriodicJob`. */
export function scheduleRetention(db: TDb, runAt: Date, exceptRun?: string): Promise<boolean> {
  return schedulePeriodicJob(db, retentionJob, { runAt, exceptRun });
}

/** The pending retention runs (tests, start-up check). */
export function pendingRetentionRuns(db: TDb): Promise<{ id: number; runAt: Date }[]> {
  return pendingPeriodicRuns(db, retentionJob);
}
