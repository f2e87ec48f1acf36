/**
 * The kinds of consent recorded in the append-only `consents` table: acceptance of the terms and of
 * the privacy policy, explicit consent to process data revealing sexual orientation (GDPR Art. 9(2)(a)) and the
 * marketing opt-ins (`promotions`, `news`).
 */
export const CONSENT_KINDS = ['terms', 'privacy', 'orientation', 'promotions', 'news'] as const;
export type TConsentKind = (typeof CONSENT_KINDS)[number];

/** Marketing opt-ins a member may give or withdraw in settings (unticked by default). */
export const MARKETING_CONSENT_KINDS = ['promotions', 'news'] as const;

/** Consents a member may give and withdraw from settings (`/api/consents.php`). */
export const SETTABLE_CONSENT_KINDS = ['orientation', ...MARKETING_CONSENT_KINDS] as const;
export type TSettableConsentKind = (typeof SETTABLE_CONSENT_KINDS)[number];

/** Version of the terms of use; raising it asks every logged-in member to accept them again on their next visit. */
export const TERMS_VERSION = '2026-11-25';
/** Version of the privacy policy accepted together with the terms. */
export const PRIVACY_VERSION = '2026-11-25';
/** Version of the text of the Art. 9 consent to process data revealing sexual orientation for matching. */
export const ORIENTATION_CONSENT_VERSION = '2026-11-25';
/** Version of the text of the marketing opt-ins. */
export const MARKETING_CONSENT_VERSION = '2026-11-25';

/** The current text version of each kind of consent. */
export const CONSENT_VERSIONS: Record<TConsentKind, string> = {
  terms: TERMS_VERSION,
  privacy: PRIVACY_VERSION,
  orientation: ORIENTATION_CONSENT_VERSION,
  promotions: MARKETING_CONSENT_VERSION,
  news: MARKETING_CONSENT_VERSION,
};

/** Niches that reveal orientation (spec §1: 2 lesbian and bi women, 7 gay and bi men). */
export const ORIENTATION_NICHES = [2, 7] as const;

/**
 * A member's niches with the orientation niches recomputed from gender and sexuality: without a processed orientation
 * (null) the member is in none of them; the other niches are kept as they are.
 */
export function withOrientationNiches(niches: readonly number[], gender: string, sexuality: string | null): number[] {
  const kept = niches.filter((n) => !(ORIENTATION_NICHES as readonly number[]).includes(n));
  if (gender === 'female' && (sexuality === 'lesbian' || sexuality === 'bi')) kept.push(2);
  if (gender === 'male' && (sexuality === 'gay' || sexuality === 'bi')) kept.push(7);
  return kept.length ? kept.sort((a, b) => a - b) : [1];
}
