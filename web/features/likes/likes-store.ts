import { useSyncExternalStore } from 'react';
import type { TLikesResponse } from '#common/wire/likes.ts';
import { setNewLikesTotal } from '#web/lib/chat-totals.ts';
import { fetchLikes } from './likes.api.ts';

type TLikedBy = TLikesResponse['liked_by'][number];

/** Client state of likes (spec §3 chat totals): who liked the member, and how many of those likes are new. */
let likedBy: TLikedBy[] = [];
let loaded = false;
const listeners = new Set<() => void>();

function emit() {
  setNewLikesTotal(loaded ? newLikesCount() : null);
  for (const l of listeners) l();
}

/** New likes for the badge and the title. */
export function newLikesCount(): number {
  return likedBy.filter((l) => l.like_new).length;
}

/** Reloads likes from `GET /api/likes.php`; the progress bar shows only on the first load (spec §7). */
export async function loadLikes(): Promise<void> {
  const answer = await fetchLikes({ progress: !loaded }).catch(() => null);
  if (!answer) return;
  likedBy = answer.liked_by;
  loaded = true;
  emit();
}

/** Marks one liker as seen locally (the server clears the flag when the profile is opened, spec §4). */
export function markLikeSeenLocally(likerId: number): void {
  if (!likedBy.some((l) => l.id === likerId && l.like_new)) return;
  likedBy = likedBy.map((l) => (l.id === likerId ? { ...l, like_new: false } : l));
  emit();
}

/** Forgets everything (logout). */
export function clearLikes(): void {
  likedBy = [];
  loaded = false;
  emit();
}

/** The number of new likes, kept current. */
export function useNewLikes(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    newLikesCount,
    () => 0,
  );
}
