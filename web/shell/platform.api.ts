/** Reports that the page became hidden (page bounce, spec §7); a beacon, so it survives the tab closing. */
export function sendPageHiddenBeacon(): void {
  navigator.sendBeacon?.('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
}
