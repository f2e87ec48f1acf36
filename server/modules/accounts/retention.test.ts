import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_MAILBOX_RETENTION_DAYS,
  FINISHED_JOB_RETENTION_DAYS,
  IP_RETENTION_DAYS,
  LOGIN_ATTEMPT_RETENTION_DAYS,
  NOTIFICATION_LOG_RETENTION_DAYS,
  PAYMENT_RETENTION_YEARS,
  RETENTION_INTERVAL_HOURS,
  SEPA_MANDATE_RETENTION_DAYS,
  CONSENT_PROOF_RETENTION_YEARS,
} from '#common/constants.ts';
import {
  accountTokens,
  bannedSessions,
  consents,
  creditLedger,
  creditPackages,
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
import { activeMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';
import { ensureRetentionScheduled } from './retention.job.ts';
import { retentionJob } from './account-jobs.ts';
import { pendingRetentionRuns } from './retention.repository.ts';

let t: TTestApp;
let clock = new Date('2026-11-25T03:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
/** `n` days before the clock, plus or minus a minute (just past or just within a limit). */
const daysAgo = (n: number, side: 'past' | 'within') =>
  new Date(clock.getTime() - n * DAY + (side === 'past' ? -60_000 : 60_000));
const yearsAgo = (n: number, side: 'past' | 'within') => {
  const d = new Date(clock.getTime() + (side === 'past' ? -DAY : DAY));
  d.setUTCFullYear(d.getUTCFullYear() - n);
  return d;
};
const db = () => t.services.database.db;

/** Runs the due retention job (and nothing else is due in this file). */
async function runRetention() {
  const ran = await t.services.runJobs();
  expect(ran).toBe(1);
}

describe('storage limits: the daily retention job (GDPR Art. 5(1)(e))', () => {
  it(`start-up adds exactly one pending run, however many processes start at once ${CONCURRENCY_PROOF}`, async () => {
    const added = await Promise.all([1, 2, 3, 4].map(() => ensureRetentionScheduled(db(), clock)));
    expect(added.filter(Boolean)).toHaveLength(1);
    expect(await ensureRetentionScheduled(db(), clock)).toBe(false);
    const pending = await pendingRetentionRuns(db());
    expect(pending).toHaveLength(1);
    expect(pending[0].runAt.getTime()).toBe(clock.getTime());
  });

  it('deletes and clears what is past its period, keeps what is within it, and schedules itself for the next day', async () => {
    const m = await activeMember(t);
    const [{ siteId: site }] = await db().select().from(users).where(eq(users.id, m.user.id));
    const email = String(m.form.email);

    const attempts = await db()
      .insert(loginAttempts)
      .values([
        {
          siteId: site,
          email,
          ip: '203.0.113.7',
          success: false,
          createdAt: daysAgo(LOGIN_ATTEMPT_RETENTION_DAYS, 'past'),
        },
        {
          siteId: site,
          email,
          ip: '203.0.113.8',
          success: true,
          createdAt: daysAgo(LOGIN_ATTEMPT_RETENTION_DAYS, 'within'),
        },
      ])
      .returning({ id: loginAttempts.id });
    const far = new Date(clock.getTime() + 30 * DAY);
    await db()
      .insert(sessions)
      .values([
        { id: `expired-${randomUUID()}`, userId: m.user.id, expiresAt: new Date(clock.getTime() - 1000) },
        {
          id: `old-ip-${randomUUID()}`,
          userId: m.user.id,
          expiresAt: far,
          ipPrefix: '203.0.113.0/24',
          createdAt: daysAgo(IP_RETENTION_DAYS, 'past'),
        },
        {
          id: `new-ip-${randomUUID()}`,
          userId: m.user.id,
          expiresAt: far,
          ipPrefix: '198.51.100.0/24',
          createdAt: daysAgo(IP_RETENTION_DAYS, 'within'),
        },
      ]);
    // Sessions a ban ended: one whose cookie has run out (its expiry passed), one that can still be sent.
    await db()
      .insert(bannedSessions)
      .values([
        { sessionId: `banned-dead-${randomUUID()}`, userId: m.user.id, expiresAt: new Date(clock.getTime() - 1000) },
        { sessionId: `banned-live-${randomUUID()}`, userId: m.user.id, expiresAt: far },
      ]);
    await db()
      .insert(accountTokens)
      .values([
        { userId: m.user.id, kind: 'test_link', tokenHash: `used-${randomUUID()}`, expiresAt: far, usedAt: clock },
        {
          userId: m.user.id,
          kind: 'reset',
          tokenHash: `expired-${randomUUID()}`,
          expiresAt: new Date(clock.getTime() - 1000),
        },
        { userId: m.user.id, kind: 'test_link', tokenHash: `live-${randomUUID()}`, expiresAt: far },
      ]);
    const old = daysAgo(FINISHED_JOB_RETENTION_DAYS, 'past');
    const recent = daysAgo(FINISHED_JOB_RETENTION_DAYS, 'within');
    const farFuture = new Date(clock.getTime() + 365 * DAY);
    const jobRows = await db()
      .insert(jobs)
      .values([
        { kind: 'test_done_old', runAt: old, doneAt: old, createdAt: old },
        { kind: 'test_failed_old', runAt: old, failedAt: old, createdAt: old },
        { kind: 'test_done_recent', runAt: recent, doneAt: recent, createdAt: old },
        // Created long ago but still pending: never removed.
        { kind: 'test_pending', runAt: farFuture, createdAt: daysAgo(400, 'past') },
      ])
      .returning({ id: jobs.id, kind: jobs.kind });
    await db()
      .insert(mailbox)
      .values([
        {
          siteId: site,
          to: email,
          subject: 'old',
          html: '',
          text: '',
          kind: 'test',
          createdAt: daysAgo(DEV_MAILBOX_RETENTION_DAYS, 'past'),
        },
        {
          siteId: site,
          to: email,
          subject: 'recent',
          html: '',
          text: '',
          kind: 'test',
          createdAt: daysAgo(DEV_MAILBOX_RETENTION_DAYS, 'within'),
        },
      ]);
    await db()
      .insert(consents)
      .values([
        {
          userId: m.user.id,
          kind: 'terms',
          version: 'test-v1',
          locale: 'en',
          ipPrefix: '203.0.113.0/24',
          givenAt: daysAgo(IP_RETENTION_DAYS, 'past'),
        },
        {
          userId: m.user.id,
          kind: 'privacy',
          version: 'test-v1',
          locale: 'en',
          ipPrefix: '198.51.100.0/24',
          givenAt: daysAgo(IP_RETENTION_DAYS, 'within'),
        },
      ]);
    const details = {
      accountHolder: 'A. Member',
      iban: 'NL91ABNA0417164300',
      street: 'Main',
      houseNumber: '1',
      zip: '1000AA',
      city: 'Amsterdam',
      phone: '+31600000000',
      reference: 'r',
    };
    await db()
      .insert(paymentMandates)
      .values([
        {
          userId: m.user.id,
          provider: 'sandbox',
          customerId: 'c',
          providerMandateId: `old-${randomUUID()}`,
          method: 'directdebit',
          label: 'old',
          details,
          revokedAt: daysAgo(SEPA_MANDATE_RETENTION_DAYS, 'past'),
        },
        {
          userId: m.user.id,
          provider: 'sandbox',
          customerId: 'c',
          providerMandateId: `new-${randomUUID()}`,
          method: 'directdebit',
          label: 'new',
          details,
          revokedAt: daysAgo(SEPA_MANDATE_RETENTION_DAYS, 'within'),
        },
        {
          userId: m.user.id,
          provider: 'sandbox',
          customerId: 'c',
          providerMandateId: `live-${randomUUID()}`,
          method: 'directdebit',
          label: 'live',
          details,
        },
      ]);

    const sendAt = (side: 'past' | 'within') => daysAgo(NOTIFICATION_LOG_RETENTION_DAYS, side);
    await db()
      .insert(notificationSends)
      .values(
        (['past', 'within'] as const).map((side) => ({
          userId: m.user.id,
          kind: 'like',
          channel: 'email',
          eventKey: `test:${side}`,
          status: 'sent',
          createdAt: sendAt(side),
          sentAt: sendAt(side),
        })),
      );
    await db()
      .insert(emailFeedback)
      .values(
        (['past', 'within'] as const).map((side) => ({
          userId: m.user.id,
          type: 'soft_bounce',
          providerId: `test-${side}-${randomUUID()}`,
          createdAt: sendAt(side),
        })),
      );

    // A member purged long ago: payments and ledger past the tax period go, younger ones stay; consent proof goes.
    const gone = await activeMember(t);
    const longAgo = yearsAgo(PAYMENT_RETENTION_YEARS, 'past');
    await db().update(users).set({ status: 'purged', deletedAt: longAgo }).where(eq(users.id, gone.user.id));
    const [pack] = await db().select().from(creditPackages).limit(1);
    const pay = (createdAt: Date, userId = gone.user.id) => ({
      userId,
      packageId: pack.id,
      credits: pack.credits,
      amountMinor: pack.priceMinor,
      currency: pack.currency,
      method: 'creditcard',
      provider: 'sandbox',
      status: 'paid',
      createdAt,
    });
    await db()
      .insert(payments)
      .values([pay(longAgo), pay(yearsAgo(PAYMENT_RETENTION_YEARS, 'within')), pay(longAgo, m.user.id)]);
    await db()
      .insert(creditLedger)
      .values([
        { userId: gone.user.id, delta: 50, reason: 'test_purchase', createdAt: longAgo },
        {
          userId: gone.user.id,
          delta: 50,
          reason: 'test_purchase',
          createdAt: yearsAgo(PAYMENT_RETENTION_YEARS, 'within'),
        },
      ]);
    await db()
      .insert(consents)
      .values({ userId: gone.user.id, kind: 'terms', version: 'test-v1', locale: 'en', givenAt: longAgo });
    expect(CONSENT_PROOF_RETENTION_YEARS).toBeLessThan(PAYMENT_RETENTION_YEARS);
    // Purged a year ago: a payment older than the tax period goes at once, the consent proof stays for now.
    const lately = await activeMember(t);
    await db()
      .update(users)
      .set({ status: 'purged', deletedAt: yearsAgo(1, 'past') })
      .where(eq(users.id, lately.user.id));
    await db().insert(payments).values(pay(longAgo, lately.user.id));
    await db()
      .insert(consents)
      .values({ userId: lately.user.id, kind: 'terms', version: 'test-v1', locale: 'en', givenAt: longAgo });

    await runRetention();

    const attemptsLeft = await db()
      .select()
      .from(loginAttempts)
      .where(
        inArray(
          loginAttempts.id,
          attempts.map((a) => a.id),
        ),
      );
    expect(attemptsLeft.map((a) => a.ip)).toEqual(['203.0.113.8']);
    const sessionsLeft = await db().select().from(sessions).where(eq(sessions.userId, m.user.id));
    expect(sessionsLeft.filter((s) => s.id.startsWith('expired-'))).toEqual([]);
    expect(sessionsLeft.find((s) => s.id.startsWith('old-ip-'))?.ipPrefix).toBeNull();
    expect(sessionsLeft.find((s) => s.id.startsWith('new-ip-'))?.ipPrefix).toBe('198.51.100.0/24');
    const bannedLeft = await db().select().from(bannedSessions).where(eq(bannedSessions.userId, m.user.id));
    expect(bannedLeft.map((r) => r.sessionId.split('-')[1])).toEqual(['live']);
    const tokensLeft = await db().select().from(accountTokens).where(eq(accountTokens.kind, 'test_link'));
    expect(tokensLeft.map((r) => r.tokenHash.split('-')[0])).toEqual(['live']);
    const jobsLeft = await db()
      .select({ kind: jobs.kind })
      .from(jobs)
      .where(
        inArray(
          jobs.id,
          jobRows.map((j) => j.id),
        ),
      );
    expect(jobsLeft.map((j) => j.kind).sort()).toEqual(['test_done_recent', 'test_pending']);
    const mailLeft = await db().select().from(mailbox).where(eq(mailbox.kind, 'test'));
    expect(mailLeft.map((r) => r.subject)).toEqual(['recent']);
    const consentsLeft = await db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.user.id), eq(consents.version, 'test-v1')));
    expect(Object.fromEntries(consentsLeft.map((c) => [c.kind, c.ipPrefix]))).toEqual({
      terms: null,
      privacy: '198.51.100.0/24',
    });
    const mandatesLeft = await db().select().from(paymentMandates).where(eq(paymentMandates.userId, m.user.id));
    expect(Object.fromEntries(mandatesLeft.map((r) => [r.label, r.details !== null]))).toEqual({
      old: false,
      new: true,
      live: true,
    });
    const sendsLeft = await db().select().from(notificationSends).where(eq(notificationSends.userId, m.user.id));
    expect(sendsLeft.map((r) => r.eventKey)).toEqual(['test:within']);
    const feedbackLeft = await db().select().from(emailFeedback).where(eq(emailFeedback.userId, m.user.id));
    expect(feedbackLeft.map((r) => r.providerId?.split('-')[1])).toEqual(['within']);
    expect(await db().select().from(payments).where(eq(payments.userId, gone.user.id))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, gone.user.id), eq(creditLedger.reason, 'test_purchase'))),
    ).toHaveLength(1);
    expect(await db().select().from(consents).where(eq(consents.userId, gone.user.id))).toHaveLength(0);
    expect(await db().select().from(payments).where(eq(payments.userId, lately.user.id))).toHaveLength(0);
    expect(
      await db()
        .select()
        .from(consents)
        .where(and(eq(consents.userId, lately.user.id), eq(consents.version, 'test-v1'))),
    ).toHaveLength(1);
    // A live member's payments are part of their account: the tax period only ends those of purged accounts.
    expect(await db().select().from(payments).where(eq(payments.userId, m.user.id))).toHaveLength(1);

    // Exactly one next run, a day later; it is not due before.
    const pending = await pendingRetentionRuns(db());
    expect(pending).toHaveLength(1);
    expect(pending[0].runAt.getTime()).toBe(clock.getTime() + RETENTION_INTERVAL_HOURS * 3_600_000);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + RETENTION_INTERVAL_HOURS * 3_600_000 - 60_000);
      expect(await t.services.runJobs()).toBe(0);
      clock = new Date(saved.getTime() + RETENTION_INTERVAL_HOURS * 3_600_000);
      await runRetention();
      const next = await pendingRetentionRuns(db());
      expect(next).toHaveLength(1);
      expect(next[0].runAt.getTime()).toBe(clock.getTime() + RETENTION_INTERVAL_HOURS * 3_600_000);
    } finally {
      clock = saved;
    }
    expect(
      (await db().select({ kind: jobs.kind }).from(jobs).where(eq(jobs.kind, retentionJob.kind))).length,
    ).toBeGreaterThanOrEqual(3);
  });
});
