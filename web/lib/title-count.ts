/** Unread messages plus new likes, shown as the app badge (spec §4); set by the chat totals. */
let count = 0;

/** Updates the total and the app badge where the browser supports it. */
export function setTitleCount(value: number): void {
  count = Math.max(0, Math.floor(value));
  const nav =
    typeof navigator === 'undefined'
      ? undefined
      : (navigator as Navigator & { setAppBadge?: (n: number) => Promise<void>; clearAppBadge?: () => Promise<void> });
  if (nav?.setAppBadge) void (count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge?.())?.catch(() => {});
}
