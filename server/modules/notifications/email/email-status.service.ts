import {
  defaultSwitches,
  EMAIL_REENABLE_EMAILS_PER_DAY,
  MARKETING_NOTIFICATION_KINDS,
  EMAIL_REENABLE_LINK_HOURS,
  type TEmailDisabledReason,
  SOFT_BOUNCE_WINDOW_MS,
  SOFT_BOUNCES_TO_DISABLE,
} from '#common/notifications.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import type { TMailer, TMailRequest } from '#server/mail/mailer.ts';
import { consumeToken, findLiveToken, insertToken } from '#server/modules/accounts/accounts.repository.ts';
import {
  hasLiveConsent,
  recordConsent,
  type TConsentContext,
  withdrawConsent,
} from '#server/modules/consents/consents.service.ts';
import { upsertPreference } from '../switches/switches.repository.ts';
import { effectiveSwitches } from '../switches/switches.ts';
import {
  addEmailDisabledReason,
  countEmailFeedbackSince,
  findEmailAccount,
  findUserIdsByEmail,
  insertEmailFeedback,
  removeEmailDisabledReasons,
  setKindEmail,
} from './email-status.repository.ts';
import { type TUnsubscribeScope, verifyUnsubscribeToken } from './unsubscribe-token.ts';
import { pageUrl } from '#common/routes.ts';
import { HOUR_S } from '#common/time.ts';
import { addHours, subHours } from 'date-fns';

/** What an unsubscribe link's page shows: which emails it is about and whether they are off now. */
export interface TUnsubscribeState {
  scope: TUnsubscribeScope;
  isOff: boolean;
}

/** One report of the mail provider (`POST /webhooks/mail`). */
export type TMailFeedback = {
  /** The provider's id of the report: a repeated report counts once. */
  id: string;
  email: string;
  timestamp?: string;
} & ({ type: 'bounce'; bounceType: 'hard' | 'soft' } | { type: 'complaint' });

/** The single-use token kind (table account_tokens) of the link that turns email back on after a bounce. */
export const EMAIL_REENABLE_TOKEN = 'email_reenable';

/** Reasons a member can lift at once from the notifications page; `bounce` needs the address confirmed again. */
const LIFTED_AT_ONCE: readonly TEmailDisabledReason[] = ['listunsubscribe', 'fbl'];

export interface TEmailStatusDeps {
  db: TDb;
  mailer: Pick<TMailer, 'listUnsubscribeKey' | 'enqueue' | 'countSentSince'>;
  jobs: Pick<TJobRunner, 'runNow'>;
  log: Pick<TLogger, 'info' | 'warn'>;
  now?: () => Date;
}

/**
 * Whether notification email reaches a member: one-click unsubscribe links and their undo, bounce and
 * complaint reports of the mail provider, and turning email back on.
 */
export function createEmailStatusService(deps: TEmailStatusDeps) {
  const { db, mailer, jobs, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** The claim of an unsubscribe token, or null when it is forged, malformed or expired. */
  async function claimOf(token: string) {
    return verifyUnsubscribeToken(await mailer.listUnsubscribeKey(), token, now());
  }

  /** Whether the emails of a scope are off for a member now (a marketing kind: off too without its consent). */
  async function isOff(
    q: TDb | TTx,
    { userId, scope, reasons }: { userId: number; scope: TUnsubscribeScope; reasons: string[] },
  ): Promise<boolean> {
    if (scope === 'all') return reasons.includes('listunsubscribe');
    return !(await effectiveSwitches(q, userId, [scope])).get(scope)!.email;
  }

  /**
   * Turns a marketing kind's email on or off by link, keeping the consent the one source of truth (as
   * `/notifications` does): off on both channels withdraws it; the undo gives it again where it was withdrawn.
   */
  async function setMarketingEmail(
    tx: TTx,
    {
      userId,
      kind,
      email,
      ctx,
    }: { userId: number; kind: 'promotions' | 'news'; email: boolean; ctx?: TConsentContext },
  ): Promise<void> {
    const at = now();
    const current = (await effectiveSwitches(tx, userId, [kind])).get(kind)!;
    await upsertPreference(tx, { userId, kind, email, push: current.push, at });
    const live = await hasLiveConsent(tx, userId, kind);
    if (!email && !current.push && live) await withdrawConsent(tx, { userId, kind, at });
    if (email && !live && ctx) await recordConsent(tx, { userId, kind, ...ctx }, at);
  }

  /** Turns a scope's email on or off; the state after it, or null for an invalid link or a gone account. */
  async function apply({
    token,
    wide,
    off,
    ctx,
  }: {
    token: string;
    wide: boolean;
    off: boolean;
    ctx?: TConsentContext;
  }): Promise<TUnsubscribeState | null> {
    const claim = await claimOf(token);
    if (!claim) return null;
    const scope: TUnsubscribeScope = wide ? 'all' : claim.scope;
    const { userId } = claim;
    return db.transaction(async (tx) => {
      const account = await findEmailAccount(tx, userId);
      if (!account) return null;
      let reasons = account.reasons;
      if (scope === 'all') {
        reasons = off
          ? await addEmailDisabledReason(tx, userId, 'listunsubscribe')
          : await removeEmailDisabledReasons(tx, userId, ['listunsubscribe']);
      } else if (MARKETING_NOTIFICATION_KINDS.includes(scope)) {
        await setMarketingEmail(tx, { userId, kind: scope as 'promotions' | 'news', email: !off, ctx });
      } else {
        const pushDefault = defaultSwitches(scope).push;
        await setKindEmail(tx, { userId, kind: scope, email: !off, pushDefault, at: now() });
      }
      log.info({ userId, scope, off }, off ? 'unsubscribed by link' : 'unsubscribe undone');
      return { scope, isOff: await isOff(tx, { userId, scope, reasons }) };
    });
  }

  return {
    /** What an unsubscribe link is about and whether it is off already; null for an invalid link. Changes nothing. */
    async describeUnsubscribe(token: string, wide = false): Promise<TUnsubscribeState | null> {
      const claim = await claimOf(token);
      const account = claim ? await findEmailAccount(db, claim.userId) : undefined;
      if (!claim || !account) return null;
      const scope: TUnsubscribeScope = wide ? 'all' : claim.scope;
      return { scope, isOff: await isOff(db, { userId: claim.userId, scope, reasons: account.reasons }) };
    },

    /**
     * Turns off what an unsubscribe link names: its kind's email switch (keeping push), or with `wide` (or an 'all'
     * link) every notification email of the account (reason `listunsubscribe`). Null for an invalid link.
     */
    unsubscribe: (token: string, wide = false) => apply({ token, wide, off: true }),

    /**
     * Undoes an unsubscribe made with the same link: the kind's email on again (a marketing kind's consent given again,
     * recorded with `ctx`), or `listunsubscribe` lifted.
     */
    undo: (token: string, wide = false, ctx?: TConsentContext) => apply({ token, wide, off: false, ctx }),

    /**
     * Applies a bounce or complaint report to every account of the address (several sites may share it): a hard
     * bounce disables email with reason `bounce`, a complaint with `fbl`; a soft bounce is counted and the
     * SOFT_BOUNCES_TO_DISABLE-th within SOFT_BOUNCE_WINDOW_MS disables with `bounce`. A report already stored (same
     * provider id) changes nothing. Returns the accounts whose email it disabled.
     */
    async recordFeedback(report: TMailFeedback): Promise<number[]> {
      const type = report.type === 'complaint' ? 'complaint' : `${report.bounceType}_bounce`;
      const disabled: number[] = [];
      for (const userId of await findUserIdsByEmail(db, report.email)) {
        const reason = await db.transaction(async (tx) => {
          const at = now();
          const isNew = await insertEmailFeedback(tx, {
            userId,
            type,
            // One report may concern several accounts; the provider id stays unique per account.
            providerId: `${report.id}:${userId}`,
            detail: { provider_id: report.id, timestamp: report.timestamp ?? null },
            at,
          });
          if (!isNew) return null;
          let reason: TEmailDisabledReason | null = type === 'complaint' ? 'fbl' : 'bounce';
          if (type === 'soft_bounce') {
            const since = new Date(at.getTime() - SOFT_BOUNCE_WINDOW_MS);
            const soft = await countEmailFeedbackSince(tx, { userId, type: 'soft_bounce', since });
            if (soft < SOFT_BOUNCES_TO_DISABLE) reason = null;
          }
          if (reason) await addEmailDisabledReason(tx, userId, reason);
          return reason;
        });
        if (!reason) continue;
        log.info({ userId, reason, type }, 'notification email disabled by a mail provider report');
        disabled.push(userId);
      }
      return disabled;
    },

    /**
     * Turns notification email back on for a member: `listunsubscribe` and `fbl` are lifted at once; `bounce` only
     * through a confirmation link emailed to the address (`confirmation_sent`), which proves it receives mail again.
     */
    async reenable(
      userId: number,
      site: TMailRequest['site'],
      origin: string,
    ): Promise<{ status: 'enabled' | 'confirmation_sent'; notifications_disabled: TEmailDisabledReason[] }> {
      const account = await findEmailAccount(db, userId);
      if (!account) throw new AppError('not_found');
      const needsConfirmation = account.reasons.includes('bounce');
      if (needsConfirmation) {
        const since = subHours(now(), 24);
        if ((await mailer.countSentSince(userId, { kind: 'email_reenable', since })) >= EMAIL_REENABLE_EMAILS_PER_DAY) {
          throw new AppError('rate_limited', { retry_after: HOUR_S });
        }
      }
      const { left, jobId } = await db.transaction(async (tx) => {
        const left = await removeEmailDisabledReasons(tx, userId, LIFTED_AT_ONCE);
        if (!left.includes('bounce')) return { left, jobId: undefined };
        const token = newToken();
        const at = now();
        await insertToken(tx, {
          userId,
          kind: EMAIL_REENABLE_TOKEN,
          tokenHash: hashToken(token),
          createdAt: at,
          expiresAt: addHours(at, EMAIL_REENABLE_LINK_HOURS),
        });
        const mail = {
          site,
          to: account.email,
          locale: account.locale,
          kind: 'email_reenable' as const,
          userId,
          vars: {
            name: account.name,
            link: pageUrl(origin, 'email-reenable', {}, { token }),
            hours: EMAIL_REENABLE_LINK_HOURS,
          },
        };
        return { left, jobId: await mailer.enqueue(tx, mail, at) };
      });
      if (jobId !== undefined) await jobs.runNow([jobId]);
      return {
        status: jobId === undefined ? 'enabled' : 'confirmation_sent',
        notifications_disabled: left as TEmailDisabledReason[],
      };
    },

    /** Whether an emailed re-enable link is live (unused, unexpired); uses nothing up. */
    async isReenableLinkLive(token: string): Promise<boolean> {
      return Boolean(
        token && (await findLiveToken(db, { kind: EMAIL_REENABLE_TOKEN, tokenHash: hashToken(token), now: now() })),
      );
    },

    /** Uses an emailed re-enable link: lifts `bounce`. Throws `link_invalid` for a used, expired or unknown link. */
    async confirmReenable(token: string): Promise<void> {
      const done = await db.transaction(async (tx) => {
        const row = token
          ? await consumeToken(tx, { kind: EMAIL_REENABLE_TOKEN, tokenHash: hashToken(token), now: now() })
          : undefined;
        if (!row) return false;
        await removeEmailDisabledReasons(tx, row.userId, ['bounce']);
        log.info({ userId: row.userId }, 'notification email re-enabled after a bounce');
        return true;
      });
      if (!done) throw new AppError('link_invalid');
    },
  };
}

export type TEmailStatusService = ReturnType<typeof createEmailStatusService>;
