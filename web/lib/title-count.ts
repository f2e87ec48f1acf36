import { useSyncExternalStore } from 'react';

/** Unread messages plus new likes, shown in the title and the app badge (spec §4); set by the chat features. */
let count = 0;
const listeners = new Set<() => void>();

/** Updates the total and the app badge where the browser supports it. */
export function setTitleCount(value: number): void {
  count = Math.max(0, Math.floor(value));
  const nav =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> });
  if (nav?.setAppBadge) void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.())?.catch(() => {});
  for (const l of listeners) l();
}

/** The current total for the page title. */
export function useTitleCount(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
    () => 0,
  );
}
