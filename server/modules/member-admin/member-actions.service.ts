import { ACTIVATION_HOURS, DELETION_GRACE_DAYS, RESET_LINK_HOURS } from '#common/constants.ts';
import { pageUrl } from '#common/routes.ts';
import { DAY_MS } from '#common/time.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import { purgeAccountJob } from '../accounts/account-jobs.ts';
import { lockAccountAddress, markAccountDeleted, setInvisibleMode } from '../accounts/account-changes.repository.ts';
import { deleteSessionsOf } from '../accounts/accounts.repository.ts';
import { createLinkMail, type TLinkKind } from '../accounts/link-mail.ts';
import type { TSite } from '../sites/sites.service.ts';
import {
  adjustCredits,
  countLiveSessions,
  liftDirectDebitBlock,
  lockMember,
  showHiddenProfile,
  type TLockedMember,
} from './member-actions.repository.ts';
import { findMemberSite } from './member-file.repository.ts';
import { assertActorSite, type TActor, type TAuditWriter } from './staff-port.ts';

/** What staff actions on members need besides the core. */
export interface TMemberActionsDeps {
  mailer: TMailer;
  jobs: Pick<TJobRunner, 'runNow'>;
  realtime: TRealtimeHub;
  /** The member's site (emails go out in its name, links lead back to it). */
  siteById: (siteId: number) => Promise<TSite | undefined>;
  /** Where a site's emailed links lead (its public origin). */
  originFor: (site: TSite) => string;
  audit: TAuditWriter;
}

/** An action's work inside its transaction: the locked member in, what to audit (before/after) and a result out. */
type TStep<T> = (
  tx: TTx,
  member: TLockedMember,
) => Promise<{ before?: unknown; after?: unknown; result: T; subject?: string }>;

/**
 * What staff do to a member's account from the console (issue 30, "Members and money"), each checked against the
 * staff member's sites and recorded in the audit log in the same transaction as the change: resend the activation
 * email, send a password reset link, end every session, adjust credits (a ledger row, never a bare balance write),
 * lift a direct-debit block, mark invisible, show a profile a report decision hid again, delete (the member's own deletion path: 14-day grace, then the purge).
 * Roles are checked by the console routes (common/member-admin.ts `MEMBER_ACTION_ROLES`).
 */
export function createMemberActionsService(core: TCore, deps: TMemberActionsDeps) {
  const { db, now, log } = core;
  const { mailer, jobs, realtime, audit } = deps;
  const links = createLinkMail({ mailer, now });

  /** The site of an account, or `not_found`. */
  async function siteOfMember(userId: number): Promise<number> {
    const siteId = await findMemberSite(db, userId);
    if (siteId === undefined) throw new AppError('not_found');
    return siteId;
  }

  /** Runs one action on a member in a transaction: locks the account, checks the site, does it, audits it. */
  async function act<T>(on: { actor: TActor; userId: number; action: string }, step: TStep<T>): Promise<T> {
    const { actor, userId, action } = on;
    return db.transaction(async (tx) => {
      const member = await lockMember(tx, userId);
      if (!member) throw new AppError('not_found');
      assertActorSite(actor, member.siteId);
      const done = await step(tx, member);
      await audit(tx, {
        staffId: actor.id,
        action,
        siteId: member.siteId,
        userId,
        subject: done.subject ?? `user:${userId}`,
        before: done.before ?? null,
        after: done.after ?? null,
      });
      return done.result;
    });
  }

  /** Emails a fresh single-use link (activation or reset) to the member in their language; runs the mail job. */
  async function sendLink(actor: TActor, userId: number, kind: Extract<TLinkKind, 'activation' | 'reset'>) {
    // Read before the transaction: on the embedded database a read outside it would wait for the transaction's end.
    const site = await deps.siteById(await siteOfMember(userId));
    const mail = await act(
      { actor, userId, action: kind === 'activation' ? 'member.resend_activation' : 'member.reset_link' },
      async (tx, member) => {
        const usable =
          kind === 'activation'
            ? member.status === 'not_confirmed' && !member.emailConfirmed
            : member.status !== 'purged';
        if (!usable) throw new AppError('invalid_request', { reason: 'not_applicable' });
        const account = await lockAccountAddress(tx, userId);
        if (!site || !account) throw new AppError('not_found');
        const origin = deps.originFor(site);
        const job = await links.queueLinkMail(tx, {
          site,
          userId,
          to: account.email,
          locale: account.locale,
          name: account.name,
          kind,
          link: pageUrl(origin, kind === 'activation' ? 'activate' : 'reset-password-do'),
          hours: kind === 'activation' ? ACTIVATION_HOURS : RESET_LINK_HOURS,
        });
        return { result: job };
      },
    );
    await jobs.runNow([mail]);
  }

  return {
    /** Sends a new activation link to an account whose address is not confirmed yet. */
    resendActivation: (actor: TActor, userId: number) => sendLink(actor, userId, 'activation'),

    /** Sends a password reset link to the member (support cannot see or set passwords). */
    sendResetLink: (actor: TActor, userId: number) => sendLink(actor, userId, 'reset'),

    /** Ends every session of the member and closes their sockets on every process. */
    async endSessions(actor: TActor, userId: number): Promise<{ ended: number }> {
      const ended = await act({ actor, userId, action: 'member.end_sessions' }, async (tx) => {
        const live = await countLiveSessions(tx, userId, now());
        await deleteSessionsOf(tx, userId, null);
        return { before: { sessions: live }, after: { sessions: 0 }, result: live };
      });
      await publishSessionsEnded(realtime, log, { userId });
      return { ended };
    },

    /**
     * Adds (or takes, negative) credits with a ledger row `adjustment` naming the staff member; the reason goes to the
     * audit entry. A balance never goes below zero (`not_enough_credits`).
     */
    async adjustCredits(actor: TActor, userId: number, change: { delta: number; reason: string }) {
      const account = await act({ actor, userId, action: 'credits.adjust' }, async (tx, member) => {
        const after = await adjustCredits(tx, { userId, delta: change.delta, staffId: actor.id, now: now() });
        if (!after) throw new AppError('not_enough_credits');
        return {
          before: { credits: member.credits },
          after: { credits: after.credits, delta: change.delta, reason: change.reason },
          result: after,
        };
      });
      await publishCredits(realtime, account.profileId, account.credits);
      return { credits: account.credits };
    },

    /** Offers direct debit to a member again after a returned debit blocked it. */
    async liftDirectDebitBlock(actor: TActor, userId: number): Promise<void> {
      await act({ actor, userId, action: 'member.lift_direct_debit_block' }, async (tx, member) => {
        if (!member.directDebitBlocked) throw new AppError('invalid_request', { reason: 'not_blocked' });
        await liftDirectDebitBlock(tx, userId);
        return { before: { directDebitBlocked: true }, after: { directDebitBlocked: false }, result: undefined };
      });
    },

    /** Hides the member from search and lists, or shows them again (the member's own invisible mode). */
    async setInvisible(actor: TActor, userId: number, invisible: boolean): Promise<void> {
      await act({ actor, userId, action: 'member.invisible' }, async (tx, member) => {
        await setInvisibleMode(tx, { userId, profileId: member.profileId, invisible });
        return { before: { invisible: member.invisible }, after: { invisible }, result: undefined };
      });
    },

    /**
     * Shows a profile a report decision hid again (status back to active). Refused (`not_hidden`) when the profile is
     * not hidden or the account is deleted, banned or suspended: those end their own way (unban, reactivation).
     */
    async unhideProfile(actor: TActor, userId: number): Promise<void> {
      await act({ actor, userId, action: 'member.unhide' }, async (tx, member) => {
        const shown = await showHiddenProfile(tx, { userId, profileId: member.profileId, now: now() });
        if (!shown) throw new AppError('invalid_request', { reason: 'not_hidden' });
        return {
          before: { profileStatus: 'hidden' },
          after: { profileStatus: 'active' },
          result: undefined,
          subject: `profile:${member.profileId}`,
        };
      });
    },

    /**
     * Deletes an account the way the member's own deletion does (status deleted, profile hidden, sessions ended, the
     * purge scheduled after the 14-day grace, in which a login still offers reactivation). An erasure the member asked
     * support for gets the same grace: a mistaken or forged request can still be undone.
     */
    async deleteMember(actor: TActor, userId: number, input: { reason: string }) {
      await act({ actor, userId, action: 'member.delete' }, async (tx, member) => {
        if (member.status === 'deleted' || member.status === 'purged') {
          throw new AppError('invalid_request', { reason: 'already_deleted' });
        }
        const deletedAt = now();
        const purgeAt = new Date(deletedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);
        await markAccountDeleted(tx, { userId, profileId: member.profileId, deletedAt, reason: 'staff' });
        await deleteSessionsOf(tx, userId, null);
        await purgeAccountJob.enqueue(tx, { userId }, { runAt: purgeAt });
        return {
          before: { status: member.status },
          after: { status: 'deleted', purgeAt: purgeAt.toISOString(), reason: input.reason },
          result: undefined,
        };
      });
      await publishSessionsEnded(realtime, log, { userId });
    },
  };
}

/** Staff actions on members (see createMemberActionsService). */
export type TMemberActionsService = ReturnType<typeof createMemberActionsService>;
