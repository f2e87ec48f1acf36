import { analyticsApi } from '#common/wire/analytics.ts';

/** Reports that the page became hidden (page bounce, spec §7); a beacon, so it survives the tab closing. */
export function sendPageHiddenBeacon(): void {
  navigator.sendBeacon?.(analyticsApi.pageHidden.path, new Blob(['{}'], { type: 'application/json' }));
}
