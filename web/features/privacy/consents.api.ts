import type { TConsentChange, TConsentsState } from '../../../common/wire/consents.ts';
import { api } from '../../lib/api.ts';

/** The member's live consents (orientation, promotions, news). */
export function fetchConsents(): Promise<TConsentsState> {
  return api.get<TConsentsState>('/api/consents.php');
}

/** Gives or withdraws one consent; answers the consents as they are afterwards. */
export function changeConsent(body: TConsentChange): Promise<TConsentsState> {
  return api.post<TConsentsState>('/api/consents.php', body);
}
