import { hash, verify } from '@node-rs/argon2';
import { and, eq, ne } from 'drizzle-orm';
import { ZEmail, ZPassword } from '../../../common/accounts.ts';
import { DELETION_GRACE_DAYS } from '../../../common/constants.ts';
import type { TDb } from '../../db/connect.ts';
import { discountCodes, jobs, profiles, sessions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TSite } from '../sites/sites.service.ts';
import {
  consumeToken,
  countTokensSince,
  findUserByEmail,
  findUserWithProfile,
  insertToken,
} from './accounts.repository.ts';

/** Password reset links stay valid this many hours. */
export const RESET_HOURS = 2;
/** Password reset emails an account may receive per day (spec §8 'try again tomorrow'). */
export const RESET_EMAILS_PER_DAY = 3;
/** A retention discount code stays valid this many days. */
export const RETENTION_CODE_DAYS = 30;
/** Email-change confirmation links stay valid this many hours. */
export const MAIL_CHANGE_HOURS = 24;

/** Recovery, password and email changes, deletion and reactivation (accounts issue). */
export function createAccountChangesService(deps: { db: TDb; mailer: TMailer; now?: () => Date }) {
  const { db, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const later = (hours: number) => new Date(now().getTime() + hours * 3_600_000);

  async function issue(userId: number, kind: string, hours: number, data: Record<string, string> = {}) {
    const token = newToken();
    await insertToken(db, {
      userId,
      kind,
      tokenHash: hashToken(token),
      createdAt: now(),
      expiresAt: later(hours),
      data,
    });
    return token;
  }

  /** Ends every session of an account except one. */
  async function endOtherSessions(userId: number, keepSessionId: string | null) {
    await db
      .delete(sessions)
      .where(
        keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
      );
  }

  return {
    /** Emails a password reset link; unknown addresses and more than 3 a day are refused with the spec's texts. */
    async requestPasswordReset(site: TSite, emailInput: string, origin: string): Promise<void> {
      const email = ZEmail.safeParse(emailInput);
      const user = email.success ? await findUserByEmail(db, site.id, email.data) : undefined;
      if (!user || user.status === 'purged') throw new AppError('email_not_found');
      const since = new Date(now().getTime() - 86_400_000);
      if ((await countTokensSince(db, user.id, 'reset', since)) >= RESET_EMAILS_PER_DAY) {
        throw new AppError('too_many_reset_emails');
      }
      const token = await issue(user.id, 'reset', RESET_HOURS);
      const full = await findUserWithProfile(db, user.id);
      await mailer.send({
        site,
        to: user.email,
        locale: user.locale,
        kind: 'reset',
        vars: {
          name: full?.profile.name ?? '',
          link: `${origin}/reset-password/do?token=${token}`,
          hours: RESET_HOURS,
        },
      });
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
      const row = token ? await consumeToken(db, 'reset', hashToken(token), now()) : undefined;
      if (!row) throw new AppError('link_invalid');
      await db
        .update(users)
        .set({ passwordHash: await hash(password) })
        .where(eq(users.id, row.userId));
      await endOtherSessions(row.userId, null);
      return row.userId;
    },

    /** Changes the password after checking the old one; other sessions end, the current one stays. */
    async changePassword(
      userId: number,
      input: { old_password: string; password: string; password_confirmation: string },
      currentSessionToken: string | undefined,
    ): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user || !(await verify(user.passwordHash, input.old_password).catch(() => false))) {
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
      await db
        .update(users)
        .set({ passwordHash: await hash(input.password) })
        .where(eq(users.id, userId));
      await endOtherSessions(userId, currentSessionToken ? hashToken(currentSessionToken) : null);
    },

    /** Sends a confirmation link to a new email address; the address changes only when the link is opened. */
    async requestEmailChange(site: TSite, userId: number, newEmail: string, origin: string): Promise<void> {
      const parsed = ZEmail.safeParse(newEmail);
      if (!parsed.success) throw new AppError('new_email_invalid');
      const user = await findUserWithProfile(db, userId);
      if (!user) throw new AppError('authentication_required');
      const owner = await findUserByEmail(db, site.id, parsed.data);
      if (owner) throw new AppError('email_taken');
      const token = await issue(userId, 'mail_change', MAIL_CHANGE_HOURS, { email: parsed.data });
      await mailer.send({
        site,
        to: parsed.data,
        locale: user.locale,
        kind: 'mail_change',
        vars: { name: user.profile.name, link: `${origin}/mail-change/do?token=${token}`, hours: MAIL_CHANGE_HOURS },
      });
    },

    /** Applies a confirmed email change; the new address counts as confirmed. */
    async confirmEmailChange(token: string): Promise<number> {
      const row = token ? await consumeToken(db, 'mail_change', hashToken(token), now()) : undefined;
      if (!row?.data.email) throw new AppError('link_invalid');
      const user = await findUserWithProfile(db, row.userId);
      if (!user) throw new AppError('link_invalid');
      const owner = await findUserByEmail(db, user.siteId, row.data.email);
      if (owner && owner.id !== user.id) throw new AppError('email_taken');
      try {
        await db.update(users).set({ email: row.data.email, emailConfirmed: true }).where(eq(users.id, user.id));
      } catch {
        throw new AppError('email_taken');
      }
      return user.id;
    },

    /** Marks an account deleted (14-day grace), hides the profile, ends sessions, schedules the purge and emails a reactivation link. */
    async deleteAccount(site: TSite, userId: number, input: { password: string; reason: string }, origin: string) {
      const user = await findUserWithProfile(db, userId);
      if (!user || !(await verify(user.passwordHash, input.password).catch(() => false))) {
        throw new AppError('old_password_wrong');
      }
      const purgeAt = new Date(now().getTime() + DELETION_GRACE_DAYS * 86_400_000);
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ status: 'deleted', deletedAt: now(), deleteReason: input.reason.slice(0, 100) })
          .where(eq(users.id, userId));
        await tx.update(profiles).set({ status: 'disabled' }).where(eq(profiles.id, user.profileId));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
        await tx.insert(jobs).values({ kind: 'purge_account', payload: { userId }, runAt: purgeAt });
      });
      const token = await issue(userId, 'reactivation', DELETION_GRACE_DAYS * 24);
      await mailer.send({
        site,
        to: user.email,
        locale: user.locale,
        kind: 'reactivation',
        vars: { name: user.profile.name, link: `${origin}/reactivate?token=${token}`, hours: DELETION_GRACE_DAYS * 24 },
      });
    },

    /** Restores a deleted account within the grace period with its emailed link; returns the account id. */
    async reactivate(token: string): Promise<number> {
      const row = token ? await consumeToken(db, 'reactivation', hashToken(token), now()) : undefined;
      if (!row) throw new AppError('link_invalid');
      const user = await findUserWithProfile(db, row.userId);
      if (!user || user.status !== 'deleted') throw new AppError('link_invalid');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ status: user.emailConfirmed ? 'active' : 'not_confirmed', deletedAt: null, deleteReason: null })
          .where(eq(users.id, user.id));
        await tx
          .update(profiles)
          .set({ status: user.emailConfirmed ? 'active' : 'disabled' })
          .where(eq(profiles.id, user.profileId));
      });
      return user.id;
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
      const token = await issue(user.id, 'reactivation', hoursLeft);
      await mailer.send({
        site,
        to: user.email,
        locale: user.locale,
        kind: 'reactivation',
        vars: { name: full?.profile.name ?? '', link: `${origin}/reactivate?token=${token}`, hours: hoursLeft },
      });
    },

    /** The company's retention discount for a member about to leave: one personal code, created once (idempotent). */
    async claimRetentionOffer(site: TSite, userId: number) {
      const percent = site.company.deleteDiscount;
      if (percent <= 0) throw new AppError('not_found');
      const existing = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'retention')))
        .limit(1);
      if (existing[0]) return existing[0];
      const code = `STAY-${newToken()
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 8)
        .toUpperCase()}`;
      const [row] = await db
        .insert(discountCodes)
        .values({
          code,
          kind: 'retention',
          siteId: site.id,
          userId,
          valuePercentage: percent,
          expires: later(RETENTION_CODE_DAYS * 24),
        })
        .onConflictDoNothing()
        .returning();
      if (row) return row;
      const [winner] = await db
        .select()
        .from(discountCodes)
        .where(and(eq(discountCodes.userId, userId), eq(discountCodes.kind, 'retention')))
        .limit(1);
      return winner;
    },

    /** Toggles invisible mode (the member disappears from search and lists). */
    async setInvisible(userId: number, invisible: boolean): Promise<void> {
      const user = await findUserWithProfile(db, userId);
      if (!user) throw new AppError('authentication_required');
      await db.transaction(async (tx) => {
        await tx.update(users).set({ invisible }).where(eq(users.id, userId));
        await tx.update(profiles).set({ invisible }).where(eq(profiles.id, user.profileId));
      });
    },
  };
}

export type TAccountChangesService = ReturnType<typeof createAccountChangesService>;
