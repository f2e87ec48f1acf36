import {
  CONSENT_VERSIONS,
  PRIVACY_VERSION,
  TERMS_VERSION,
  type TConsentKind,
  type TSettableConsentKind,
  withOrientationNiches,
} from '#common/consents.ts';
import type { TConsentsState, TTermsPrompt } from '#common/wire/consents.ts';
import type { TCore } from '#server/core.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { ipPrefix } from '#server/lib/ip-prefix.ts';
import {
  findLiveConsents,
  findOrientationOfUser,
  insertConsent,
  markConsentWithdrawn,
  setProfileOrientation,
  type TConsentRow,
} from './consents.repository.ts';

/** Where and in which language a consent was given: stored with it (the address truncated). */
export interface TConsentContext {
  locale: string;
  ip: string | null;
}

/**
 * Records a consent in the caller's transaction (the same one as the action it belongs to): kind, text version (the
 * current one unless given), locale, time and the truncated client address.
 */
export async function recordConsent(
  tx: TDb | TTx,
  consent: { userId: number; kind: TConsentKind; version?: string } & TConsentContext,
  at: Date,
): Promise<void> {
  await insertConsent(tx, {
    userId: consent.userId,
    kind: consent.kind,
    version: consent.version ?? CONSENT_VERSIONS[consent.kind],
    locale: consent.locale,
    ipPrefix: ipPrefix(consent.ip),
    givenAt: at,
  });
}

/** Withdraws a member's live consent of a kind in the caller's transaction; returns whether one was live. */
export async function withdrawConsent(
  tx: TDb | TTx,
  withdrawal: { userId: number; kind: TConsentKind; at: Date },
): Promise<boolean> {
  return (await markConsentWithdrawn(tx, withdrawal)) > 0;
}

/** The newest live consent of each kind a member has given. */
export async function liveConsents(db: TDb | TTx, userId: number): Promise<Map<string, TConsentRow>> {
  const latest = new Map<string, TConsentRow>();
  for (const row of await findLiveConsents(db, userId)) if (!latest.has(row.kind)) latest.set(row.kind, row);
  return latest;
}

/** Whether a member has a live consent of a kind (e.g. `orientation` before their orientation may be stored). */
export async function hasLiveConsent(db: TDb | TTx, userId: number, kind: TConsentKind): Promise<boolean> {
  return (await liveConsents(db, userId)).has(kind);
}

/** Nulls a member's orientation, hides it and recomputes their niches (after the Art. 9 consent is withdrawn or refused). */
async function forgetOrientation(tx: TDb | TTx, userId: number): Promise<void> {
  const profile = await findOrientationOfUser(tx, userId);
  if (!profile) return;
  await setProfileOrientation(tx, profile.profileId, {
    sexuality: null,
    showSexuality: false,
    niches: withOrientationNiches(profile.niches, profile.gender, null),
  });
}

/** Consents given and withdrawn by the member (settings), and the acceptance of a new terms version. */
export function createConsentsService(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  /** What the interstitial must ask a member, or null when nothing (current terms, no unconsented orientation). */
  async function termsPrompt(userId: number): Promise<TTermsPrompt | null> {
    const live = await liveConsents(db, userId);
    const terms = live.get('terms');
    const needsTerms = !terms || terms.version < TERMS_VERSION;
    const profile = await findOrientationOfUser(db, userId);
    const needsOrientation = Boolean(profile && profile.sexuality !== null && !live.has('orientation'));
    return needsTerms || needsOrientation ? { terms: needsTerms, orientation: needsOrientation } : null;
  }

  return {
    termsPrompt,

    /** The member's live consents of the kinds settings shows, with the time each was given. */
    async state(userId: number): Promise<TConsentsState> {
      const live = await liveConsents(db, userId);
      const entry = (kind: TSettableConsentKind) => {
        const row = live.get(kind);
        return { given: Boolean(row), given_at: row ? row.givenAt.toISOString() : null };
      };
      return { orientation: entry('orientation'), promotions: entry('promotions'), news: entry('news') };
    },

    /** Gives a consent from settings (nothing changes when it is already live). */
    async give(userId: number, kind: TSettableConsentKind, ctx: TConsentContext): Promise<void> {
      await db.transaction(async (tx) => {
        if (await hasLiveConsent(tx, userId, kind)) return;
        await recordConsent(tx, { userId, kind, ...ctx }, now());
      });
    },

    /**
     * Withdraws a consent from settings. Withdrawing the orientation consent deletes the stored orientation, hides it
     * and takes the member out of the orientation niches, in the same transaction as the consent row.
     */
    async withdraw(userId: number, kind: TSettableConsentKind): Promise<void> {
      await db.transaction(async (tx) => {
        await withdrawConsent(tx, { userId, kind, at: now() });
        if (kind === 'orientation') await forgetOrientation(tx, userId);
      });
    },

    /**
     * Answers the interstitial: records the terms and privacy acceptance; when the orientation question was asked,
     * records the consent or, declined, deletes the stored orientation. One transaction.
     */
    async acceptTerms(userId: number, answer: { orientation?: boolean }, ctx: TConsentContext): Promise<void> {
      const prompt = await termsPrompt(userId);
      if (!prompt) return;
      if (prompt.orientation && answer.orientation === undefined) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'orientation', message: 'consent.answer_required' }],
        });
      }
      await db.transaction(async (tx) => {
        const at = now();
        if (prompt.terms) {
          await recordConsent(tx, { userId, kind: 'terms', version: TERMS_VERSION, ...ctx }, at);
          await recordConsent(tx, { userId, kind: 'privacy', version: PRIVACY_VERSION, ...ctx }, at);
        }
        if (!prompt.orientation) return;
        if (answer.orientation) await recordConsent(tx, { userId, kind: 'orientation', ...ctx }, at);
        else await forgetOrientation(tx, userId);
      });
    },
  };
}

export type TConsentsService = ReturnType<typeof createConsentsService>;
