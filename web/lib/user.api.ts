import type { TLocale } from '#common/locales.ts';
import { accountsApi, type TUser } from '#common/wire/accounts.ts';
import { api } from './api.ts';

/** The logged-in member (null for visitors); quiet, without the progress bar. */
export function fetchCurrentUser(): Promise<{ user: TUser | null }> {
  return api.call(accountsApi.current, undefined, { progress: false });
}

/** Keeps the interface language on the member's account (emails); quiet, without the progress bar. */
export function saveLanguage(language: TLocale): Promise<{ user: TUser | null }> {
  return api.call(accountsApi.setLanguage, { language }, { progress: false });
}
