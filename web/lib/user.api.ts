import type { TLocale } from '../../common/locales.ts';
import type { TUser } from '../../common/wire/user.ts';
import { api } from './api.ts';

/** The logged-in member (null for visitors); quiet, without the progress bar. */
export function fetchCurrentUser(): Promise<{ user: TUser | null }> {
  return api.get<{ user: TUser | null }>('/api/user.php', { progress: false });
}

/** Keeps the interface language on the member's account (emails); quiet, without the progress bar. */
export function saveLanguage(language: TLocale): Promise<{ user: TUser | null }> {
  return api.put<{ user: TUser | null }>('/api/user.php', { language }, { progress: false });
}
