import { geoApi, type TGeocode } from '#common/wire/geo.ts';
import { api } from '#web/lib/api.ts';

export type { TGeocode } from '#common/wire/geo.ts';

/** Reverse geocodes a position on the server (offline dataset); rejects with `location_not_found` far from any city. */
export function fetchGeocode(lat: number, lon: number): Promise<TGeocode> {
  // City precision needs no more than about 100 m, so no finer position leaves the browser.
  const round = (n: number) => String(Math.round(n * 1000) / 1000);
  return api.call(geoApi.geocode, { lat: round(lat), lon: round(lon) });
}
