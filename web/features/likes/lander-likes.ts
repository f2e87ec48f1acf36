import { LANDER_LIKES_MAX } from '#common/wire/likes.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import { claimLanderLikes } from './likes.api.ts';
import { loadLikes } from './likes-store.ts';

/** Where the swipe lander keeps a visitor's likes until the account exists (this browser only). */
const KEY = 'lander-likes';

/** The ids liked on the swipe lander and not stored yet. */
export function storedLanderLikes(): number[] {
  try {
    const ids: unknown = JSON.parse(readStored(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id) && id > 0) : [];
  } catch {
    return [];
  }
}

/** Remembers one more like of the swipe lander (the newest LANDER_LIKES_MAX are kept). */
export function rememberLanderLike(profileId: number): void {
  const ids = storedLanderLikes().filter((id) => id !== profileId);
  writeStored(KEY, JSON.stringify([...ids, profileId].slice(-LANDER_LIKES_MAX)));
}

/**
 * Once logged in, the likes made on the swipe lander become real likes (the server applies the swipe game's rules)
 * and are forgotten here; a failed call keeps them for the next page.
 */
export async function claimStoredLanderLikes(): Promise<void> {
  const ids = storedLanderLikes();
  if (!ids.length) return;
  const answer = await claimLanderLikes(ids).catch(() => null);
  if (!answer) return;
  try {
    window.localStorage.removeItem(KEY);
  } catch {}
  if (answer.stored) await loadLikes();
}
