import { TRACKING_KEYS } from './constants.ts';

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

/** Whether a visit carries a traffic source: a tracking query value (spec §3) or the stored tracking cookie. */
export function hasTrafficSource(query: URLSearchParams, trackingCookie: string | undefined): boolean {
  return Boolean(trackingCookie) || TRACKING_KEYS.some((k) => query.get(k));
}

/** Search visibility of spec §4 for a site, a visitor (logged in or not) and the visit's query and cookies. */
export function canSearch(
  site: { loggedOutSearch: string; loggedOutSearchTrafficsource: string },
  visit: { loggedIn: boolean; query: URLSearchParams; trackingCookie: string | undefined },
): boolean {
  return isSearchVisible({
    loggedIn: visit.loggedIn,
    loggedOutSearch: site.loggedOutSearch,
    loggedOutSearchTrafficsource: site.loggedOutSearchTrafficsource,
    hasTrafficSource: hasTrafficSource(visit.query, visit.trackingCookie),
  });
}
