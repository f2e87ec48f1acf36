/** Logged-out search visibility (spec §4): logged in, or logged_out_search not 'none', or a traffic source with logged_out_search_trafficsource not 'none'. */
export function isSearchVisible(opts: {
  loggedIn: boolean;
  loggedOutSearch: string;
  loggedOutSearchTrafficsource: string;
  hasTrafficSource: boolean;
}): boolean {
  if (opts.loggedIn) return true;
  if (opts.loggedOutSearch !== 'none') return true;
  return opts.loggedOutSearchTrafficsource !== 'none' && opts.hasTrafficSource;
}

/** Strips curly braces from a tracking value (spec §3 tracking data). */
export function cleanTrackingValue(value: string): string {
  return value.replace(/[{}]/g, '').trim().slice(0, 200);
}
