import { pageUrl } from '#common/routes.ts';
import { ZPassword } from '#common/accounts.ts';
import { RESET_EMAILS_PER_DAY, RESET_LINK_HOURS } from '#common/constants.ts';
import { AppError } from '#server/lib/app-error.ts';
import { assertStrongPassword, hashPassword, siteWords } from '#server/lib/passwords.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import type { TSite } from '../sites/sites.service.ts';
import type { TAccountChangeKit, TChangeAt } from './account-change-deps.ts';
import { lockAccountAddress, setPasswordHash } from './account-changes.repository.ts';
import { consumeToken, deleteSessionsOf, findLiveToken, findUserWithProfile } from './accounts.repository.ts';
import { resetRequestJob, type TAddressRequest } from './address-requests.ts';
import { DAY_MS } from '#common/time.ts';

/** Refuses a new password that is too short or differs from its confirmation (strength is checked apart). */
export function assertNewPassword(password: string, confirmation: string): void {
  if (!ZPassword.safeParse(password).success) {
    throw new AppError('invalid_request', { issues: [{ path: 'password', message: 'validation.password_length' }] });
  }
  if (password !== confirmation) {
    throw new AppError('invalid_request', {
      issues: [{ path: 'password_confirmation', message: 'validation.passwords_differ' }],
    });
  }
}

/** Password reset by emailed link, and the logged-in password change. */
export function createPasswordService(kit: TAccountChangeKit) {
  const { db, jobs, realtime, log, now, links, requests } = kit;

  return {
    /**
     * Accepts a password reset request: queued as a job answered alike for every address (`address-requests.ts`);
     * the job emails a link only to an account (`runResetRequest`). Only a malformed address is refused.
     */
    async requestPasswordReset(site: TSite, email: string, origin: string): Promise<void> {
      await requests.queue(resetRequestJob, { site, email, origin });
    },

    /**
     * The reset request job: emails a reset link when the address has an account that has not been sent 3 reset
     * emails in the last day; otherwise nothing happens (the requester was answered the same either way).
     */
    runResetRequest(payload: TAddressRequest): Promise<void> {
      return requests.run(payload, async ({ site, origin }, user) => {
        if (user.status === 'purged') return undefined;
        const since = new Date(now().getTime() - DAY_MS);
        // Counted and queued under the account's row lock: requests run side by side (several processes' job loops)
        // count one after the other, so the third email is the last one, however many arrive at once.
        return db.transaction(async (tx) => {
          const account = await lockAccountAddress(tx, user.id);
          if (!account) return undefined;
          // Counts emails sent, not links stored: reset emails a mail outage never delivered do not count.
          if ((await kit.mailer.countSentSince(user.id, { kind: 'reset', since, tx })) >= RESET_EMAILS_PER_DAY) {
            log.warn({ userId: user.id }, 'reset email not sent: daily limit reached');
            return undefined;
          }
          return links.queueLinkMail(tx, {
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
      });
    },

    /** Whether a password reset link can still be used; reading it uses nothing up (the link's page asks before its form). */
    async isResetLinkLive(token: string): Promise<boolean> {
      return Boolean(token && (await findLiveToken(db, { kind: 'reset', tokenHash: hashToken(token), now: now() })));
    },

    /**
     * Sets a new password with a single-use reset token, ends every session and emails 'your password was changed';
     * returns the account id.
     */
    async resetPassword(r: TChangeAt & { token: string; password: string; confirmation: string }): Promise<number> {
      const { site, token, password } = r;
      assertNewPassword(password, r.confirmation);
      const tokenHash = token ? hashToken(token) : '';
      // Checked before the (slow) hash so a forged link costs no hashing; used up only together with the change.
      const live = token ? await findLiveToken(db, { kind: 'reset', tokenHash, now: now() }) : undefined;
      if (!live) throw new AppError('link_invalid');
      const owner = await findUserWithProfile(db, live.userId);
      assertStrongPassword(password, [owner?.email, owner?.profile.name, ...siteWords(site)]);
      const passwordHash = await hashPassword(password);
      const { userId, mail } = await db.transaction(async (tx) => {
        const row = await consumeToken(tx, { kind: 'reset', tokenHash, now: now() });
        if (!row) throw new AppError('link_invalid');
        await setPasswordHash(tx, row.userId, passwordHash);
        await deleteSessionsOf(tx, row.userId, null);
        const account = await lockAccountAddress(tx, row.userId);
        const mail = account
          ? await links.queuePasswordChangedMail(tx, {
              site,
              origin: r.origin,
              userId: row.userId,
              to: account.email,
              locale: account.locale,
              name: account.name,
            })
          : undefined;
        return { userId: row.userId, mail };
      });
      await publishSessionsEnded(realtime, log, { userId });
      if (mail) await jobs.runNow([mail]);
      return userId;
    },

    /**
     * Changes the password after checking the old one; other sessions end, the current one stays, and the account's
     * address gets 'your password was changed'.
     */
    async changePassword(
      r: TChangeAt & {
        userId: number;
        input: { old_password: string; password: string; password_confirmation: string };
        currentSessionToken: string | undefined;
      },
    ): Promise<void> {
      const { site, userId, input } = r;
      const user = await kit.checkPassword(userId, input.old_password);
      assertNewPassword(input.password, input.password_confirmation);
      assertStrongPassword(input.password, [user.email, user.profile.name, ...siteWords(site)]);
      const passwordHash = await hashPassword(input.password);
      const keep = r.currentSessionToken ? hashToken(r.currentSessionToken) : null;
      const mail = await db.transaction(async (tx) => {
        await setPasswordHash(tx, userId, passwordHash);
        await deleteSessionsOf(tx, userId, keep);
        return links.queuePasswordChangedMail(tx, {
          site,
          origin: r.origin,
          userId,
          to: user.email,
          locale: user.locale,
          name: user.profile.name,
        });
      });
      await publishSessionsEnded(realtime, log, { userId, ...(keep ? { except: keep } : {}) });
      await jobs.runNow([mail]);
    },
  };
}
