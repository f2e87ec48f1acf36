import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { SETTABLE_CONSENT_KINDS } from '../consents.ts';

/** One consent as settings shows it: whether it is live and since when. */
export const ZConsentEntry = z.object({ given: z.boolean(), given_at: z.string().nullable() });

/** `GET`/`POST /api/consents.php` answer: the member's live consents of the kinds settings manages. */
export const ZConsentsState = z.object({
  orientation: ZConsentEntry,
  promotions: ZConsentEntry,
  news: ZConsentEntry,
});

/** `POST /api/consents.php` body: give (`given: true`) or withdraw (`false`) one consent. */
export const ZConsentChange = z.object({ kind: z.enum(SETTABLE_CONSENT_KINDS), given: z.boolean() });

/** What the terms interstitial asks: the new terms (and privacy policy), and/or consent for a stored orientation. */
export const ZTermsPrompt = z.object({ terms: z.boolean(), orientation: z.boolean() });

/** `GET /api/terms-acceptance.php` answer: what is still to be answered (null: nothing). */
export const ZTermsPromptResponse = z.object({ prompt: ZTermsPrompt.nullable() });

/** `POST /api/terms-acceptance.php` body: the acceptance, with the answer to the orientation question when asked. */
export const ZTermsAcceptance = z.object({ accept: z.literal(true), orientation: z.boolean().optional() });

export type TConsentsState = z.infer<typeof ZConsentsState>;
export type TConsentChange = z.infer<typeof ZConsentChange>;
export type TTermsPrompt = z.infer<typeof ZTermsPrompt>;
export type TTermsAcceptance = z.infer<typeof ZTermsAcceptance>;

/** The member's consents: Art. 9 orientation and marketing opt-ins, and new terms versions. */
export const consentsApi = {
  state: defineEndpoint({
    method: 'GET',
    path: '/api/consents.php',
    tags: ['privacy'],
    summary: 'The member’s consents',
    response: ZConsentsState,
  }),
  change: defineEndpoint({
    method: 'POST',
    path: '/api/consents.php',
    tags: ['privacy'],
    summary: 'Give or withdraw a consent (withdrawing orientation deletes the stored orientation)',
    body: ZConsentChange,
    response: ZConsentsState,
  }),
  termsPrompt: defineEndpoint({
    method: 'GET',
    path: '/api/terms-acceptance.php',
    tags: ['privacy'],
    summary: 'What the member must still accept (new terms, consent for a stored orientation)',
    response: ZTermsPromptResponse,
  }),
  acceptTerms: defineEndpoint({
    method: 'POST',
    path: '/api/terms-acceptance.php',
    tags: ['privacy'],
    summary: 'Accept the current terms and privacy policy (and answer the orientation question when asked)',
    body: ZTermsAcceptance,
    response: null,
  }),
};
