import { pageUrl } from '#common/routes.ts';
import { DELETION_GRACE_DAYS, RETENTION_CODE_DAYS } from '#common/constants.ts';
import { cancelJobs } from '#server/jobs/jobs.repository.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import type { TSite } from '../sites/sites.service.ts';
import type { TAccountChangeKit, TChangeAt } from './account-change-deps.ts';
import { purgeAccountJob } from './account-jobs.ts';
import {
  findRetentionCode,
  insertRetentionCode,
  markAccountDeleted,
  restoreDeletedAccount,
} from './account-changes.repository.ts';
import { consumeToken, deleteSessionsOf, findLiveToken, findUserWithProfile } from './accounts.repository.ts';
import { reactivationRequestJob, type TAddressRequest } from './address-requests.ts';
import { DAY_MS, HOUR_MS } from '#common/time.ts';

/** Account deletion with its 14-day grace, reactivation within it, and the retention offer to a member about to leave. */
export function createAccountDeletionService(kit: TAccountChangeKit) {
  const { db, jobs, realtime, log, now, links, requests } = kit;

  return {
    /** Marks an account deleted (14-day grace), hides the profile, ends sessions, schedules the purge and emails a reactivation link. */
    async deleteAccount(r: TChangeAt & { userId: number; input: { password: string; reason: string } }): Promise<void> {
      const { site, userId, input } = r;
      // Deleting asks for the current password, not an old one: its own message.
      const user = await kit.checkPassword(userId, input.password).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'old_password_wrong' ? new AppError('password_wrong') : err;
      });
      const deletedAt = now();
      const purgeAt = new Date(deletedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS);
      const mail = await db.transaction(async (tx) => {
        await markAccountDeleted(tx, {
          userId,
          profileId: user.profileId,
          deletedAt,
          reason: input.reason.slice(0, 100),
        });
        await deleteSessionsOf(tx, userId, null);
        await purgeAccountJob.enqueue(tx, { userId }, { runAt: purgeAt });
        return links.queueLinkMail(tx, {
          site,
          userId,
          to: user.email,
          locale: user.locale,
          name: user.profile.name,
          kind: 'reactivation',
          link: pageUrl(r.origin, 'reactivate'),
          hours: DELETION_GRACE_DAYS * 24,
        });
      });
      await publishSessionsEnded(realtime, log, { userId });
      await jobs.runNow([mail]);
    },

    /** Whether a reactivation link can still be used; reading it uses nothing up (the page of the link asks first). */
    async isReactivationLinkLive(token: string): Promise<boolean> {
      return Boolean(
        token && (await findLiveToken(db, { kind: 'reactivation', tokenHash: hashToken(token), now: now() })),
      );
    },

    /**
     * Restores a deleted account within the grace period with its emailed link (the POST of the link's page, never its
     * GET); returns the account id. It starts no session: the member logs in again.
     */
    async reactivate(token: string): Promise<number> {
      if (!token) throw new AppError('link_invalid');
      return db.transaction(async (tx) => {
        const row = await consumeToken(tx, { kind: 'reactivation', tokenHash: hashToken(token), now: now() });
        if (!row) throw new AppError('link_invalid');
        const restored = await restoreDeletedAccount(tx, row.userId);
        if (restored === undefined) throw new AppError('link_invalid');
        // The deletion's purge is no longer wanted (the purge also checks the deletion's age itself).
        await cancelJobs(tx, purgeAccountJob, { match: { userId: restored }, now: now() });
        return restored;
      });
    },

    /**
     * Sends a fresh reactivation link to a deleted account that tries to log in or sign up again. Like the reset
     * request, it is queued as a job answered alike for every address: whether one belongs to a deleted account must
     * not leak either.
     */
    async requestReactivation(site: TSite, email: string, origin: string): Promise<void> {
      await requests.queue(reactivationRequestJob, { site, email, origin });
    },

    /** The reactivation request job: emails a reactivation link when the address has an account pending deletion. */
    runReactivationRequest(payload: TAddressRequest): Promise<void> {
      return requests.run(payload, async ({ site, origin }, user) => {
        if (user.status !== 'deleted') return undefined;
        const full = await findUserWithProfile(db, user.id);
        const graceEnds = (user.deletedAt?.getTime() ?? 0) + DELETION_GRACE_DAYS * DAY_MS;
        const hoursLeft = Math.max(1, Math.floor((graceEnds - now().getTime()) / HOUR_MS));
        return db.transaction((tx) =>
          links.queueLinkMail(tx, {
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
      });
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
        expires: new Date(now().getTime() + RETENTION_CODE_DAYS * DAY_MS),
      });
      if (row) return row;
      // A parallel claim stored its code first: that one is the member's.
      const winner = await findRetentionCode(db, userId);
      if (!winner) throw new Error('retention code not stored');
      return winner;
    },
  };
}
