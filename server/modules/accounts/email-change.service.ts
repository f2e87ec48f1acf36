import { pageUrl } from '#common/routes.ts';
import { ZEmail } from '#common/accounts.ts';
import { MAIL_CHANGE_LINK_HOURS, MAIL_UNDO_LINK_HOURS } from '#common/constants.ts';
import { AppError } from '#server/lib/app-error.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { publishSessionsEnded } from '#server/realtime/session-events.ts';
import type { TAccountChangeKit, TChangeAt } from './account-change-deps.ts';
import { lockAccountAddress, setConfirmedEmail, useUpTokensOf } from './account-changes.repository.ts';
import {
  consumeToken,
  deleteSessionsOf,
  findLiveToken,
  findUserByEmail,
  isUniqueViolation,
} from './accounts.repository.ts';

/** The links an intruder may have asked for while holding the account: all die when the owner undoes an email change. */
const LINKS_ENDED_BY_UNDO = ['reset', 'mail_change', 'mail_undo'] as const;

/** Email change: the link to the new address, its confirmation, and the undo link sent to the old address. */
export function createEmailChangeService(kit: TAccountChangeKit) {
  const { db, jobs, realtime, log, now, links } = kit;

  /** The address a live link of a kind carries, or undefined when it is used or expired (uses nothing up). */
  async function addressOfLink(kind: 'mail_change' | 'mail_undo', token: string): Promise<string | undefined> {
    if (!token) return undefined;
    return (await findLiveToken(db, { kind, tokenHash: hashToken(token), now: now() }))?.data.email;
  }

  return {
    /**
     * Sends a confirmation link to a new email address after checking the current password; the address changes only
     * when the link is used. An address that already has an account gets nothing and the requester the same answer
     * (who is a member never leaks).
     */
    async requestEmailChange(
      r: TChangeAt & { userId: number; input: { email: string; password: string } },
    ): Promise<void> {
      const { site, userId, input } = r;
      const user = await kit.checkPassword(userId, input.password);
      const parsed = ZEmail.safeParse(input.email);
      if (!parsed.success) throw new AppError('new_email_invalid');
      const owner = await findUserByEmail(db, site.id, parsed.data);
      if (owner) return;
      const mail = await db.transaction((tx) =>
        links.queueLinkMail(tx, {
          site,
          userId,
          to: parsed.data,
          locale: user.locale,
          name: user.profile.name,
          kind: 'mail_change',
          link: pageUrl(r.origin, 'mail-change/do'),
          hours: MAIL_CHANGE_LINK_HOURS,
          data: { email: parsed.data },
        }),
      );
      await jobs.runNow([mail]);
    },

    /** The new address an email-change link would confirm, or undefined when the link is used or expired (uses nothing up). */
    pendingEmailChange: (token: string) => addressOfLink('mail_change', token),

    /**
     * Applies a confirmed email change (the POST of the link's page, never its GET); the new address counts as
     * confirmed. In the same transaction every other session of the account ends (`currentSessionToken`, the
     * browser's own session of this account, stays) and the old address is told at once, with a link that undoes the
     * change for 7 days.
     */
    async confirmEmailChange(r: TChangeAt & { token: string; currentSessionToken?: string }): Promise<number> {
      const { token } = r;
      if (!token) throw new AppError('link_invalid');
      const keep = r.currentSessionToken ? hashToken(r.currentSessionToken) : null;
      let result: { userId: number; mail: number };
      try {
        // The link is used up only when the address really changes: a taken address leaves it for a later try.
        result = await db.transaction(async (tx) => {
          const row = await consumeToken(tx, { kind: 'mail_change', tokenHash: hashToken(token), now: now() });
          if (!row?.data.email) throw new AppError('link_invalid');
          const before = await lockAccountAddress(tx, row.userId);
          if (!before) throw new AppError('link_invalid');
          const changed = await setConfirmedEmail(tx, row.userId, row.data.email);
          if (changed === undefined) throw new AppError('link_invalid');
          await deleteSessionsOf(tx, row.userId, keep);
          const mail = await links.queueLinkMail(tx, {
            site: r.site,
            userId: row.userId,
            to: before.email,
            locale: before.locale,
            name: before.name,
            kind: 'mail_undo',
            link: pageUrl(r.origin, 'mail-change/undo'),
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
      await publishSessionsEnded(realtime, log, { userId: result.userId, ...(keep ? { except: keep } : {}) });
      await jobs.runNow([result.mail]);
      return result.userId;
    },

    /** The old address an undo link would restore, or undefined when the link is used or expired (uses nothing up). */
    pendingEmailUndo: (token: string) => addressOfLink('mail_undo', token),

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
          const row = await consumeToken(tx, { kind: 'mail_undo', tokenHash: hashToken(token), now: now() });
          if (!row?.data.email) throw new AppError('link_invalid');
          const restored = await setConfirmedEmail(tx, row.userId, row.data.email);
          if (restored === undefined) throw new AppError('link_invalid');
          await useUpTokensOf(tx, { userId: row.userId, kinds: LINKS_ENDED_BY_UNDO, now: now() });
          await deleteSessionsOf(tx, row.userId, null);
          return row.userId;
        });
      } catch (err) {
        // The old address was given to another account meanwhile: nothing changes, the link stays for a later try.
        if (isUniqueViolation(err)) throw new AppError('email_taken');
        throw err;
      }
      await publishSessionsEnded(realtime, log, { userId });
      return userId;
    },
  };
}
