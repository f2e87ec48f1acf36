import {
  accountChangesApi,
  accountsApi,
  type TDeleteAccountRequest,
  type TMailChangeRequest,
  type TPasswordChangeRequest,
  type TRetentionOffer,
  type TUser,
} from '#common/wire/accounts.ts';
import { api } from '#web/lib/api.ts';

/** Ends the session on the server. */
export function logout(): Promise<null> {
  return api.call(accountsApi.logout);
}

/** Sends the logged-in member a new activation email. */
export function resendActivation(): Promise<null> {
  return api.call(accountsApi.resendActivation);
}

/** Emails a reactivation link to a deleted account. */
export function requestReactivation(email: string): Promise<null> {
  return api.call(accountChangesApi.requestReactivation, { email });
}

/** Changes the member's password. */
export function changePassword(body: TPasswordChangeRequest): Promise<null> {
  return api.call(accountChangesApi.changePassword, body);
}

/** Asks for an email change with the current password; the new address confirms it by mail. */
export function requestMailChange(body: TMailChangeRequest): Promise<null> {
  return api.call(accountChangesApi.requestMailChange, body);
}

/** Turns invisible mode on or off and resolves with the updated member. */
export function setInvisible(invisible: boolean): Promise<{ user: TUser | null }> {
  return api.call(accountChangesApi.setInvisible, { invisible });
}

/** Claims the retention discount offered instead of deleting the account. */
export function claimRetentionOffer(): Promise<TRetentionOffer> {
  return api.call(accountChangesApi.claimRetentionOffer);
}

/** Deletes the member's account (14 days to reactivate). */
export function deleteAccount(body: TDeleteAccountRequest): Promise<null> {
  return api.call(accountChangesApi.deleteAccount, body);
}
