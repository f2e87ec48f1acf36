import { ZEmail, ZPassword } from '../../../common/accounts.ts';
import {
  DELETION_GRACE_DAYS,
  MAIL_CHANGE_LINK_HOURS,
  RESET_EMAILS_PER_DAY,
  RESET_LINK_HOURS,
  RETENTION_CODE_DAYS,
} from '../../../common/constants.ts';
import type { TTx } from '../../db/connect.ts';
import { cancelJobs, enqueueJob } from '../../jobs/jobs.repository.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertStrongPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { publishSessionsEnded } from '../../realtime/session-events.ts';
import type { TSite } from '../sites/sites.service.ts';
import type { TAccountsDeps } from './accounts.service.ts';
import {
  consumeToken,
  deleteSessionsOf,
  findLiveToken,
  findUserByEmail,
  findUserWithProfile,
  insertToken,
  isUniqueViolation,
} from './accounts.repository.ts';
import {
  findRetentionCode,
  insertRetentionCode,
  markAccountDeleted,
  restoreDeletedAccount,
  setConfirmedEmail,
  setInvisibleMode,
  setPasswordHash,
} from './account-changes.repository.ts';

/** What the account changes need: the same as the account rules (database, mail queue, job runner, realtime hub). */
export type TAccountChangesDeps = TAccountsDeps;

/** Recovery, password and email changes, deletion and reactivation (accounts issue). */
export function createAccountChangesService(deps: TAccountChangesDeps) {
  const { db, mailer, jobs, realtime, log } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (hours: number) => new Date(now().getTime() + hours * 3_600_000);

  /** Stores a single-use token in the caller's transaction and returns it (only its hash is kept). */
  async function issue(tx: TTx, userId: number, kind: string, hours: number, data: Record<string, string> = {}) {
    const token = newToken();
    await insertToken(tx, {
      userId,
      kind,
      tokenHash: hashToken(token),
      createdAt: now(),
      expiresAt: later(hours),
      data,
    });
    return token;
  }

  /**
   * Issues a single-use link (reset, email change, reactivation) and queues its email in the same transaction;
   * returns the mail job, which the caller runs after commit.
   */
  async function queueLinkMail(
    tx: TTx,
    m: {
      site: TSite;
      userId: number;
      to: string;
      locale: string;
      name: string;
      kind: 'reset' | 'mail_change' | 'reactivation';
      link: string;
      hours: number;
      data?: Record<string, string>;
    },
  ): Promise<number> {
    const token = await issue(tx, m.userId, m.kind, m.hours, m.data);
    return mailer.enqueue(
      tx,
      {
        site: m.site,
        to: m.to,
        locale: m.locale,
        kind: m.kind,
        userId: m.userId,
        vars: { name: m.name, link: `${m.link}?token=${token}`, hours: m.hours },
      },
      now(),
    );
  }

  return {
    /** Emails a password reset link; unknown addresses and more than 3 a day are refused with the spec's texts. */
    async requestPasswordReset(site: TSite, emailInput: string, origin: string): Promise<void> {
      const email = ZEmail.safeParse(emailInput);
      const user = email.success ? await findUserByEmail(db, site.id, email.data) : undefined;
      if (!user || user.status === 'purged') throw new AppError('email_not_found');
      const since = new Date(now().getTime() - 86_400_000);
      // Counts emails sent, not links stored: reset emails a mail outage never delivered do not count.
      if ((await mailer.countSentSince(user.id, 'reset', since)) >= RESET_EMAILS_PER_DAY) {
        throw new AppError('too_many_reset_emails');
      }
      const full = await findUserWithProfile(db, user.id);
      const mail = await db.transaction((tx) =>
        queueLinkMail(tx, {
          site,
          userId: user.id,
          to: user.email,
          locale: user.locale,
          name: full?.profile.name ?? '',
          kind: 'reset',
          link: `${origin}/reset-password/do`,
          hours: RESET_LINK_HOURS,
        }),
      );
      await jobs.runNow([mail]);
    },

    /** Sets a new password with a single-use reset token and ends every session; returns the account id. */
    async resetPassword(token: string, password: string, confirmation: string): Promise<number> {
      const valid = ZPassword.safeParse(password);
      if (!valid.success)
        throw new AppError('invalid_request', {
          issues: [{ path: 'password', message: 'validation.password_length' }],
        });
      if (password !== confirmation) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'password_confirmation', message: 'validation.passwords_differ' }],
        });
      }
      const tokenHash = token ? hashToken(token) : '';
      // Checked before the (slow) hash so a forged link costs no hashing; used up only together with the change.
      const live = token ? await findLiveToken(db, 'reset', tokenHash, now()) : undefined;
      if (!live) throw new AppError('link_invalid');
      const owner = await findUserWithProfile(db, live.userId);
      assertStrongPassword(password, [owner?.email, owner?.profile.name]);
      const passwordHash = await hashPassword(password);
      const userId = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, 'reset', tokenHash, now());
        if (!row) throw new AppError('link_invalid');
        await setPasswordHash(tx, row.userId, passwordHash);
        await deleteSessionsOf(tx, row.userId, null);
        return row.userId;
      });
      await publishSessionsEnded(realtime, log, userId);
      return userId;
    },

    /** Changes the password after checking the old one; other sessions end, the current one stays. */
    async changePassword(
      userId: number,
      input: { old_password: string; password: string; password_confirmation: string },
      currentSessionToken: string | undefined,
    ): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.old_password))) {
        throw new AppError('old_password_wrong');
      }
      if (!ZPassword.safeParse(input.password).success) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'password', message: 'validation.password_length' }],
        });
      }
      if (input.password !== input.password_confirmation) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'password_confirmation', message: 'validation.passwords_differ' }],
        });
      }
      assertStrongPassword(input.password, [user.email, user.profile.name]);
      const passwordHash = await hashPassword(input.password);
      const keep = currentSessionToken ? hashToken(currentSessionToken) : null;
      await db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOf(tx, userId, keep);
      });
      await publishSessionsEnded(realtime, log, userId, keep ? { except: keep } : {});
    },

    /** Sends a confirmation link to a new email address; the address changes only when the link is opened. */
    async requestEmailChange(site: TSite, userId: number, newEmail: string, origin: string): Promise<void> {
      const parsed = ZEmail.safeParse(newEmail);
      if (!parsed.success) throw new AppError('new_email_invalid');
      const user = await findUserWithProfile(db, userId);
      if (!user) throw new AppError('authentication_required');
      const owner = await findUserByEmail(db, site.id, parsed.data);
      if (owner) throw new AppError('email_taken');
      const mail = await db.transaction((tx) =>
        queueLinkMail(tx, {
          site,
          userId,
          to: parsed.data,
          locale: user.locale,
          name: user.profile.name,
          kind: 'mail_change',
          link: `${origin}/mail-change/do`,
          hours: MAIL_CHANGE_LINK_HOURS,
          data: { email: parsed.data },
        }),
      );
      await jobs.runNow([mail]);
    },

    /** The new address an email-change link would confirm, or undefined when the link is used or expired (uses nothing up). */
    async pendingEmailChange(token: string): Promise<string | undefined> {
      if (!token) return undefined;
      return (await findLiveToken(db, 'mail_change', hashToken(token), now()))?.data.email;
    },

    /** Applies a confirmed email change (the POST of the link's page, never its GET); the new address counts as confirmed. */
    async confirmEmailChange(token: string): Promise<number> {
      if (!token) throw new AppError('link_invalid');
      try {
        // The link is used up only when the address really changes: a taken address leaves it for a later try.
        return await db.transaction(async (tx) => {
          const row = await consumeToken(tx, 'mail_change', hashToken(token), now());
          if (!row?.data.email) throw new AppError('link_invalid');
          const changed = await setConfirmedEmail(tx, row.userId, row.data.email);
          if (changed === undefined) throw new AppError('link_invalid');
          return changed;
        });
      } catch (err) {
        // Only the unique index on (site, email) means the address is taken; any other failure is a real error.
        if (isUniqueViolation(err)) throw new AppError('email_taken');
        throw err;
      }
    },

    /** Marks an account deleted (14-day grace), hides the profile, ends sessions, schedules the purge and emails a reactivation link. */
    async deleteAccount(site: TSite, userId: number, input: { password: string; reason: string }, origin: string) {
      const user = await findUserWithProfile(db, userId);
      if (!user || !(await verifyPassword(user.passwordHash, input.password))) {
        throw new AppError('old_password_wrong');
      }
      const deletedAt = now();
      const purgeAt = new Date(deletedAt.getTime() + DELETION_GRACE_DAYS * 86_400_000);
      const mail = await db.transaction(async (tx) => {
        await markAccountDeleted(tx, {
          userId,
          profileId: user.profileId,
          deletedAt,
          reason: input.reason.slice(0, 100),
        });
        await deleteSessionsOf(tx, userId, null);
        await enqueueJob(tx, { kind: 'purge_account', payload: { userId }, runAt: purgeAt });
        return queueLinkMail(tx, {
          site,
          userId,
          to: user.email,
          locale: user.locale,
          name: user.profile.name,
          kind: 'reactivation',
          link: `${origin}/reactivate`,
          hours: DELETION_GRACE_DAYS * 24,
        });
      });
      await publishSessionsEnded(realtime, log, userId);
      await jobs.runNow([mail]);
    },

    /** Whether a reactivation link can still be used; reading it uses nothing up (the page of the link asks first). */
    async isReactivationLinkLive(token: string): Promise<boolean> {
      return Boolean(token && (await findLiveToken(db, 'reactivation', hashToken(token), now())));
    },

    /**
     * Restores a deleted account within the grace period with its emailed link (the POST of the link's page, never its
     * GET); returns the account id. It starts no session: the member logs in again.
     */
    async reactivate(token: string): Promise<number> {
      if (!token) throw new AppError('link_invalid');
      return db.transaction(async (tx) => {
        const row = await consumeToken(tx, 'reactivation', hashToken(token), now());
        if (!row) throw new AppError('link_invalid');
        const restored = await restoreDeletedAccount(tx, row.userId);
        if (restored === undefined) throw new AppError('link_invalid');
        // The deletion's purge is no longer wanted (the purge also checks the deletion's age itself).
        await cancelJobs(tx, 'purge_account', { userId: restored }, now());
        return restored;
      });
    },

    /** Sends a fresh reactivation link to a deleted account that tries to log in or sign up again. */
    async requestReactivation(site: TSite, emailInput: string, origin: string): Promise<void> {
      const email = ZEmail.safeParse(emailInput);
      const user = email.success ? await findUserByEmail(db, site.id, email.data) : undefined;
      if (!user || user.status !== 'deleted') throw new AppError('email_not_found');
      const full = await findUserWithProfile(db, user.id);
      const hoursLeft = Math.max(
        1,
        Math.floor(((user.deletedAt?.getTime() ?? 0) + DELETION_GRACE_DAYS * 86_400_000 - now().getTime()) / 3_600_000),
      );
      const mail = await db.transaction((tx) =>
        queueLinkMail(tx, {
          site,
          userId: user.id,
          to: user.email,
          locale: user.locale,
          name: full?.profile.name ?? '',
          kind: 'reactivation',
          link: `${origin}/reactivate`,
          hours: hoursLeft,
        }),
      );
      await jobs.runNow([mail]);
    },

    /** The company's retention discount for a member about to leave: one personal code, created once (idempotent). */
    async claimRetentionOffer(site: TSite, userId: number) {
      const percent = site.company.deleteDiscount;
      if (percent <= 0) throw new AppError('not_found');
      const existing = await findRetentionCode(db, userId);
      if (existing) return existing;
      const code = `STAY-${newToken()
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase()}`;
      const row = await insertRetentionCode(db, {
        code,
        siteId: site.id,
        userId,
        valuePercentage: percent,
        expires: later(RETENTION_CODE_DAYS * 24),
      });
      if (row) return row;
      // A parallel claim stored its code first: that one is the member's.
      const winner = await findRetentionCode(db, userId);
      if (!winner) throw new Error('retention code not stored');
      return winner;
    },

    /** Toggles invisible mode (the member disappears from search and lists). */
    async setInvisible(userId: number, invisible: boolean): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user) throw new AppError('authentication_required');
      await db.transaction((tx) => setInvisibleMode(tx, userId, user.profileId, invisible));
    },
  };
}

export type TAccountChangesService = ReturnType<typeof createAccountChangesService>;
