import type { TModerationReason } from '#common/moderation.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import type { TAudit } from './audit.ts';
import {
  clearBan,
  deleteBannedEmail,
  findUserSite,
  insertBannedEmail,
  lockBanTarget,
  markBanned,
} from '../accounts/bans.repository.ts';
import type { TModerationMail, TStatementContent } from './moderation-mail.ts';

/** A ban (no `until`) or a suspension until a moment, decided by a staff member. */
export interface TBanOrder {
  userId: number;
  staffId: number;
  reason: TModerationReason;
  /** The free text of the statement of reasons. */
  note: string;
  /** A suspension's end; none = a permanent ban. */
  until?: Date;
  /** Which content the statement names (default: the account). */
  content?: TStatementContent;
  /** The report it decides, if any (the audit names it). */
  reportId?: number;
}

/** What a ban leaves to do once its transaction committed. */
export type TAfterBan = { userId: number; mailJobs: number[] };

export interface TBansDeps {
  mail: TModerationMail;
  audit: TAudit;
  realtime: TRealtimeHub;
  jobs: Pick<TJobRunner, 'runNow'>;
}

/**
 * Bans and suspensions (issue 30): a ban or suspension ends every session and socket of the member at once on every
 * process, hides the profile from every list, and sends the statement of reasons; a ban also keeps the address from
 * signing up again on that site. A suspension ends by itself: every check compares `suspended_until` with now.
 */
export function createBansService(core: Pick<TCore, 'db' | 'now' | 'log'>, deps: TBansDeps) {
  const { db, now, log } = core;
  const { mail, audit, realtime, jobs } = deps;

  /** Applies a ban or suspension in the caller's transaction (a report decision uses it too). */
  async function banInTx(tx: TTx, order: TBanOrder): Promise<TAfterBan> {
    const at = now();
    if (order.until && order.until <= at) throw new AppError('invalid_request', { until: 'must_be_future' });
    const target = await lockBanTarget(tx, order.userId);
    if (!target || target.status === 'purged') throw new AppError('not_found');
    const before = { bannedAt: target.bannedAt, suspendedUntil: target.suspendedUntil, banReason: target.banReason };
    const until = order.until ?? null;
    await markBanned(tx, { userId: target.id, profileId: target.profileId }, { at, until, reason: order.reason });
    if (!until) {
      await insertBannedEmail(tx, {
        siteId: target.siteId,
        email: target.email.trim().toLowerCase(),
        reason: order.reason,
        staffId: order.staffId,
        at,
      });
    }
    await audit(tx, {
      staffId: order.staffId,
      action: until ? 'member.suspend' : 'member.ban',
      siteId: target.siteId,
      userId: target.id,
      subject: order.reportId ? `report:${order.reportId}` : undefined,
      before,
      after: { bannedAt: until ? before.bannedAt : at, suspendedUntil: until, banReason: order.reason },
    });
    const mailJobs = await mail.statement(
      tx,
      {
        to: { userId: target.id, email: target.email, locale: target.locale, name: target.name, siteId: target.siteId },
        action: until ? 'suspend' : 'ban',
        content: order.content ?? 'account',
        reason: order.reason,
        note: order.note,
        basis: 'report',
        until: until ?? undefined,
      },
      at,
    );
    return { userId: target.id, mailJobs };
  }

  /** After commit: closes the member's sockets on every process and sends the queued emails. */
  async function afterBan(done: TAfterBan): Promise<void> {
    await publishSessionsEnded(realtime, log, { userId: done.userId });
    if (done.mailJobs.length) await jobs.runNow(done.mailJobs);
  }

  return {
    banInTx,
    afterBan,

    /** The site of a member (for the staff member's site check); undefined when there is no such member. */
    siteOf: (userId: number) => findUserSite(db, userId),

    /** Bans a member for good: logged out everywhere at once, address kept from signing up again on the site. */
    async ban(order: Omit<TBanOrder, 'until'>): Promise<void> {
      await afterBan(await db.transaction((tx) => banInTx(tx, order)));
    },

    /** Suspends a member until a moment in the future: logged out everywhere at once; access returns by itself. */
    async suspend(order: TBanOrder & { until: Date }): Promise<void> {
      await afterBan(await db.transaction((tx) => banInTx(tx, order)));
    },

    /** Lifts a ban or suspension early (staff): the member may log in and sign up again and is listed again. */
    async lift(order: { userId: number; staffId: number; note?: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const target = await lockBanTarget(tx, order.userId);
        if (!target) throw new AppError('not_found');
        await clearBan(tx, { userId: target.id, profileId: target.profileId });
        await deleteBannedEmail(tx, target.siteId, target.email.trim().toLowerCase());
        await audit(tx, {
          staffId: order.staffId,
          action: 'member.unban',
          siteId: target.siteId,
          userId: target.id,
          before: { bannedAt: target.bannedAt, suspendedUntil: target.suspendedUntil, banReason: target.banReason },
          after: { bannedAt: null, suspendedUntil: null, banReason: null, note: order.note ?? '' },
        });
      });
    },
  };
}

export type TBansService = ReturnType<typeof createBansService>;
