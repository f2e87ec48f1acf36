import type {
  TDeleteAccountRequest,
  TMailChangeRequest,
  TPasswordChangeRequest,
  TRetentionOffer,
  TUser,
} from '../../../common/wire/accounts.ts';
import { api } from '../../lib/api.ts';

/** Ends the session on the server. */
export function logout(): Promise<null> {
  return api.get<null>('/api/logout.php');
}

/** Sends the logged-in member a new activation email. */
export function resendActivation(): Promise<null> {
  return api.post<null>('/api/activation.php');
}

/** Emails a reactivation link to a deleted account. */
export function requestReactivation(email: string): Promise<null> {
  return api.post<null>('/api/reactivation.php', { email });
}

/** Changes the member's password. */
export function changePassword(body: TPasswordChangeRequest): Promise<null> {
  return api.put<null>('/api/password.php', body);
}

/** Asks for an email change with the current password; the new address confirms it by mail. */
export function requestMailChange(body: TMailChangeRequest): Promise<null> {
  return api.post<null>('/api/mail-change.php', body);
}

/** Turns invisible mode on or off and resolves with the updated member. */
export function setInvisible(invisible: boolean): Promise<{ user: TUser | null }> {
  return api.put<{ user: TUser | null }>('/api/invisible.php', { invisible });
}

/** Claims the retention discount offered instead of deleting the account. */
export function claimRetentionOffer(): Promise<TRetentionOffer> {
  return api.post<TRetentionOffer>('/api/retention-offer.php');
}

/** Deletes the member's account (14 days to reactivate). */
export function deleteAccount(body: TDeleteAccountRequest): Promise<null> {
  return api.delete<null>('/api/user.php', { body });
}
