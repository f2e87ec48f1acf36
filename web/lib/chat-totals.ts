import { useSyncExternalStore } from 'react';
import { BADGE_CAP } from '#common/constants.ts';
import { setTitleCount } from './title-count.ts';
import { useRootData } from './use-root-data.ts';

/**
 * Chat totals of spec §3 client state: unread messages and new likes; their sum is the title count (spec §4).
 * Null while the client has not loaded them yet: the server-rendered counts of the root data stand in until then.
 */
type TTotals = { unread: number | null; newLikes: number | null };
let totals: TTotals = { unread: null, newLikes: null };
const listeners = new Set<() => void>();
const NOT_LOADED: TTotals = { unread: null, newLikes: null };

function emit() {
  if (totals.unread !== null || totals.newLikes !== null) setTitleCount((totals.unread ?? 0) + (totals.newLikes ?? 0));
  for (const l of listeners) l();
}

/** Sets the number of unread messages (null: not loaded, e.g. after logout). */
export function setUnreadTotal(n: number | null): void {
  if (totals.unread === n) return;
  totals = { ...totals, unread: n };
  emit();
}

/** Sets the number of new likes (null: not loaded). */
export function setNewLikesTotal(n: number | null): void {
  if (totals.newLikes === n) return;
  totals = { ...totals, newLikes: n };
  emit();
}

/**
 * Unread messages and new likes for the badges and the title: the live totals once loaded, before that the counts
 * the server rendered the page with (so the first HTML already shows them, and hydration agrees).
 */
export function useNavCounts(): { unread: number; newLikes: number } {
  const root = useRootData();
  const live = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => totals,
    () => NOT_LOADED,
  );
  const page = root?.user ? root.counts : null;
  return { unread: live.unread ?? page?.unread ?? 0, newLikes: live.newLikes ?? page?.newLikes ?? 0 };
}

/** A count as a badge shows it: capped at 99+ (spec §9). */
export function badgeText(count: number): string {
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(count);
}
