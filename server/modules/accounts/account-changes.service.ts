import { ZEmail, ZPassword } from '../../../common/accounts.ts';
import {
  DELETION_GRACE_DAYS,
  MAIL_CHANGE_LINK_HOURS,
  MAIL_UNDO_LINK_HOURS,
  RESET_EMAILS_PER_DAY,
  RESET_LINK_HOURS,
  RETENTION_CODE_DAYS,
} from '../../../common/constants.ts';
import type { TTx } from '../../db/connect.ts';
import { cancelJobs, enqueueJob } from '../../jobs/jobs.repository.ts';
import type { TJobRunner } from '../../jobs/jobs.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertStrongPassword, hashPassword, siteWords, verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TMailRequest } from '../../mail/mailer.ts';
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
  lockAccountAddress,
  markAccountDeleted,
  restoreDeletedAccount,
  setConfirmedEmail,
  setInvisibleMode,
  setPasswordHash,
  useUpTokensOf,
} from './account-changes.repository.ts';
import { pageUrl } from '../../../common/routes.ts';

/** What the account changes need: the same as the account rules (database, mail queue, job runner, realtime hub). */
export type TAccountChangesDeps = TAccountsDeps & { jobs: Pick<TJobRunner, 'runNow'> };

/** The durable job that looks up the address of a reset request and emails it, if it has an account. */
export const RESET_REQUEST_JOB = 'password_reset_request';
/** The job a reactivation link request becomes (answered the same for every address, like the reset request). */
export const REACTIVATION_REQUEST_JOB = 'reactivation_request';

/** The site as a queued email keeps it. */
type TMailSite = TMailRequest['site'];

/** What a reset request job carries: the site, the address typed and the origin of the links (emptied once run). */
type TResetRequestPayload = { site: TMailSite; email: string; origin: string };

/** The links an intruder may have asked for while holding the account: all die when the owner undoes an email change. */
const LINKS_ENDED_BY_UNDO = ['reset', 'mail_change', 'mail_undo'] as const;

/** Recovery, password and email changes, deletion and reactivation (accounts issue). */
export function createAccountChangesService(deps: TAccountChangesDeps) {
  const { db, mailer, jobs, realtime, log } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (hours: number) => new Date(now().getTime() + hours * 3_600_000);

  /** Stores a single-use token in the caller's transaction and returns it (only its hash is kept). */
  async function issue(tx: TTx, userId: number, kind: string, hours: number, data: Record<string, string> = {}) {
    const token = newToken();
    // One clock reading: the link lives exactly `hours` (two readings could differ by a millisecond).
    const createdAt = now();
    await insertToken(tx, {
      userId,
      kind,
      tokenHash: hashToken(token),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + hours * 3_600_000),
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
      site: TMailSite;
      userId: number;
      to: string;
      locale: string;
      name: string;
      kind: 'reset' | 'mail_change' | 'reactivation' | 'mail_undo';
      link: string;
      hours: number;
      data?: Record<string, string>;
      vars?: Record<string, string>;
    },
  ): Promise<number> {
    const token = await issue(tx, m.userId, m.kind, m.hours, m.data);
    return mailer.enqueue(
      tx,
      {
        site: m.site,
        to: m.to,
        locale: m.locale,
        // The undo link goes out in the 'your email address was changed' email.
        kind: m.kind === 'mail_undo' ? 'email_changed' : m.kind,
        userId: m.userId,
        vars: { ...m.vars, name: m.name, link: `${m.link}?token=${token}`, hours: m.hours },
      },
      now(),
    );
  }

  /** Queues the 'your password was changed' email (with the way to a new reset if it was not the member). */
  function queuePasswordChangedMail(
    tx: TTx,
    m: { site: TMailSite; userId: number; to: string; locale: string; name: string; origin: string },
  ): Promise<number> {
    return mailer.enqueue(
      tx,
      {
        site: m.site,
        to: m.to,
        locale: m.locale,
        kind: 'password_changed',
        userId: m.userId,
        vars: { name: m.name, link: pageUrl(m.origin, 'reset-password') },
      },
      now(),
    );
  }

  /**
   * Queues a request about an email address (reset, reactivation) as a durable job: the same single insert and the same
   * answer whether an account uses the address or not. Nothing runs after the answer: the job loop (every 10 s)
   * looks the address up, so work only a known address causes is never tied to the request, neither in its answer nor
   * in the next request's (on the embedded database one connection serves both: issue 28 item 5). Only a malformed
   * address is refused.
   */
  async function queueAddressRequest(kind: string, site: TSite, emailInput: string, origin: string): Promise<void> {
    const email = ZEmail.safeParse(emailInput);
    if (!email.success) {
      throw new AppError('invalid_request', { issues: [{ path: 'email', message: 'validation.email_invalid' }] });
    }
    const { id, name, domain, mailName, supportEmail } = site;
    const payload: TResetRequestPayload = {
      site: { id, name, domain, mailName, supportEmail },
      email: email.data,
      origin,
    };
    await enqueueJob(db, { kind, payload, runAt: now(), createdAt: now() });
  }

  /** Verifies the member's current password (a missing account fails like a wrong password). */
  async function checkPassword(userId: number, password: string) {
    const user = await findUserWithProfile(db, userId);
    if (!user || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError('old_password_wrong');
    }
    return user;
  }

  return {
    /**
     * Accepts a password reset request. Who is a member never leaks (issue 23 §7): the request only queues a durable
     * job with the address, the same single insert whether an account uses it or not, and answers at once; the job
     * loop looks the address up and emails a link only to an account (`runResetRequest`). Only a malformed address is
     * refused.
     */
    async requestPasswordReset(site: TSite, emailInput: string, origin: string): Promise<void> {
      await queueAddressRequest(RESET_REQUEST_JOB, site, emailInput, origin);
    },

    /**
     * The reset request job: emails a reset link when the address has an account that has not been sent 3 reset
     * emails in the last day; otherwise nothing happens (the requester was answered the same either way).
     */
    async runResetRequest(payload: Record<string, unknown>): Promise<void> {
      const { site, email, origin } = payload as TResetRequestPayload;
      if (!site || !email) return;
      const user = await findUserByEmail(db, site.id, email);
      if (!user || user.status === 'purged') return;
      const since = new Date(now().getTime() - 86_400_000);
      // Counted and queued under the account's row lock: requests run side by side (several processes' job loops)
      // count one after the other, so the third email is the last one, however many arrive at once.
      const mail = await db.transaction(async (tx) => {
        const account = await lockAccountAddress(tx, user.id);
        if (!account) return undefined;
        // Counts emails sent, not links stored: reset emails a mail outage never delivered do not count.
        if ((await mailer.countSentSince(user.id, 'reset', since, tx)) >= RESET_EMAILS_PER_DAY) {
          log.warn({ userId: user.id }, 'reset email not sent: daily limit reached');
          return undefined;
        }
        return queueLinkMail(tx, {
          site,
          userId: user.id,
          to: account.email,
          locale: account.locale,
          name: account.name,
          kind: 'reset',
          link: pageUrl(origin, 'reset-password-do'),
          hours: RESET_LINK_HOURS,
        });
      });
      if (mail) await jobs.runNow([mail]);
    },

    /** Whether a password reset link can still be used; reading it uses nothing up (the link's page asks before its form). */
    async isResetLinkLive(token: string): Promise<boolean> {
      return Boolean(token && (await findLiveToken(db, 'reset', hashToken(token), now())));
    },

    /**
     * Sets a new password with a single-use reset token, ends every session and emails 'your password was changed';
     * returns the account id.
     */
    async resetPassword(
      site: TSite,
      token: string,
      password: string,
      confirmation: string,
      origin: string,
    ): Promise<number> {
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
      assertStrongPassword(password, [owner?.email, owner?.profile.name, ...siteWords(site)]);
      const passwordHash = await hashPassword(password);
      const { userId, mail } = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, 'reset', tokenHash, now());
        if (!row) throw new AppError('link_invalid');
        await setPasswordHash(tx, row.userId, passwordHash);
        await deleteSessionsOf(tx, row.userId, null);
        const account = await lockAccountAddress(tx, row.userId);
        const mail = account
          ? await queuePasswordChangedMail(tx, {
              site,
              userId: row.userId,
              to: account.email,
              locale: account.locale,
              name: account.name,
              origin,
            })
          : undefined;
        return { userId: row.userId, mail };
      });
      await publishSessionsEnded(realtime, log, userId);
      if (mail) await jobs.runNow([mail]);
      return userId;
    },

    /**
     * Changes the password after checking the old one; other sessions end, the current one stays, and the account's
     * address gets 'your password was changed'.
     */
    async changePassword(
      site: TSite,
      userId: number,
      input: { old_password: string; password: string; password_confirmation: string },
      currentSessionToken: string | undefined,
      origin: string,
    ): Promise<void> {
      const user = await checkPassword(userId, input.old_password);
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
      assertStrongPassword(input.password, [user.email, user.profile.name, ...siteWords(site)]);
      const passwordHash = await hashPassword(input.password);
      const keep = currentSessionToken ? hashToken(currentSessionToken) : null;
      const mail = await db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOf(tx, userId, keep);
        return queuePasswordChangedMail(tx, {
          site,
          userId,
          to: user.email,
          locale: user.locale,
          name: user.profile.name,
          origin,
        });
      });
      await publishSessionsEnded(realtime, log, userId, keep ? { except: keep } : {});
      await jobs.runNow([mail]);
    },

    /**
     * Sends a confirmation link to a new email address after checking the current password; the address changes only
     * when the link is used. An address that already has an account gets nothing and the requester the same answer
     * (who is a member never leaks, issue 23 §7).
     */
    async requestEmailChange(
      site: TSite,
      userId: number,
      input: { email: string; password: string },
      origin: string,
    ): Promise<void> {
      const user = await checkPassword(userId, input.password);
      const parsed = ZEmail.safeParse(input.email);
      if (!parsed.success) throw new AppError('new_email_invalid');
      const owner = await findUserByEmail(db, site.id, parsed.data);
      if (owner) return;
      const mail = await db.transaction((tx) =>
        queueLinkMail(tx, {
          site,
          userId,
          to: parsed.data,
          locale: user.locale,
          name: user.profile.name,
          kind: 'mail_change',
          link: pageUrl(origin, 'mail-change/do'),
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

    /**
     * Applies a confirmed email change (the POST of the link's page, never its GET); the new address counts as
     * confirmed. In the same transaction every other session of the account ends (`currentSessionToken`, the
     * browser's own session of this account, stays) and the old address is told at once, with a link that undoes the
     * change for 7 days.
     */
    async confirmEmailChange(
      site: TSite,
      token: string,
      origin: string,
      currentSessionToken?: string,
    ): Promise<number> {
      if (!token) throw new AppError('link_invalid');
      const keep = currentSessionToken ? hashToken(currentSessionToken) : null;
      let result: { userId: number; mail: number };
      try {
        // The link is used up only when the address really changes: a taken address leaves it for a later try.
        result = await db.transaction(async (tx) => {
          const row = await consumeToken(tx, 'mail_change', hashToken(token), now());
          if (!row?.data.email) throw new AppError('link_invalid');
          const before = await lockAccountAddress(tx, row.userId);
          if (!before) throw new AppError('link_invalid');
          const changed = await setConfirmedEmail(tx, row.userId, row.data.email);
          if (changed === undefined) throw new AppError('link_invalid');
          await deleteSessionsOf(tx, row.userId, keep);
          const mail = await queueLinkMail(tx, {
            site,
            userId: row.userId,
            to: before.email,
            locale: before.locale,
            name: before.name,
            kind: 'mail_undo',
            link: pageUrl(origin, 'mail-change/undo'),
            hours: MAIL_UNDO_LINK_HOURS,
            data: { email: before.email },
            vars: { new_email: row.data.email },
          });
          return { userId: row.userId, mail };
        });
      } catch (err) {
        // Only the unique index on (site, email) means the address is taken; any other failure is a real error.
        if (isUniqueViolation(err)) throw new AppError('email_taken');
        throw err;
      }
      await publishSessionsEnded(realtime, log, result.userId, keep ? { except: keep } : {});
      await jobs.runNow([result.mail]);
      return result.userId;
    },

    /** The old address an undo link would restore, or undefined when the link is used or expired (uses nothing up). */
    async pendingEmailUndo(token: string): Promise<string | undefined> {
      if (!token) return undefined;
      return (await findLiveToken(db, 'mail_undo', hashToken(token), now()))?.data.email;
    },

    /**
     * Undoes an email change with the link sent to the old address (the POST of the link's page, never its GET): the
     * old address comes back, every session of the account ends, and every link the account had outstanding (reset,
     * email change, other undo links) stops working, so whoever moved the address keeps nothing. Starts no session.
     */
    async undoEmailChange(token: string): Promise<number> {
      if (!token) throw new AppError('link_invalid');
      let userId: number;
      try {
        userId = await db.transaction(async (tx) => {
          const row = await consumeToken(tx, 'mail_undo', hashToken(token), now());
          if (!row?.data.email) throw new AppError('link_invalid');
          const restored = await setConfirmedEmail(tx, row.userId, row.data.email);
          if (restored === undefined) throw new AppError('link_invalid');
          await useUpTokensOf(tx, row.userId, LINKS_ENDED_BY_UNDO, now());
          await deleteSessionsOf(tx, row.userId, null);
          return row.userId;
        });
      } catch (err) {
        // The old address was given to another account meanwhile: nothing changes, the link stays for a later try.
        if (isUniqueViolation(err)) throw new AppError('email_taken');
        throw err;
      }
      await publishSessionsEnded(realtime, log, userId);
      return userId;
    },

    /** Marks an account deleted (14-day grace), hides the profile, ends sessions, schedules the purge and emails a reactivation link. */
    async deleteAccount(site: TSite, userId: number, input: { password: string; reason: string }, origin: string) {
      const user = await checkPassword(userId, input.password);
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
          link: pageUrl(origin, 'reactivate'),
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
      // Like the reset request: whether an address belongs to a deleted account must not leak either.
      await queueAddressRequest(REACTIVATION_REQUEST_JOB, site, emailInput, origin);
    },

    /** The reactivation request job: emails a reactivation link when the address has an account pending deletion. */
    async runReactivationRequest(payload: Record<string, unknown>): Promise<void> {
      const { site, email, origin } = payload as TResetRequestPayload;
      if (!site || !email) return;
      const user = await findUserByEmail(db, site.id, email);
      if (!user || user.status !== 'deleted') return;
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
          link: pageUrl(origin, 'reactivate'),
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
