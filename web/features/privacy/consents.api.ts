import { consentsApi, type TConsentChange, type TConsentsState } from '#common/wire/consents.ts';
import { api } from '#web/lib/api.ts';

/** The member's live consents (orientation, promotions, news). */
export function fetchConsents(): Promise<TConsentsState> {
  return api.call(consentsApi.state);
}

/** Gives or withdraws one consent; answers the consents as they are afterwards. */
export function changeConsent(body: TConsentChange): Promise<TConsentsState> {
  return api.call(consentsApi.change, body);
}
