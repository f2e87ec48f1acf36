import { api } from '../../lib/api.ts';

/** The answer of `GET /api/geocode.php`: the nearest city of a served country, never coordinates. */
export interface TGeocode {
  country: string;
  country_name: string;
  region_code: string | null;
  region_name: string | null;
  city: string;
}

/** Reverse geocodes a position on the server (offline dataset); rejects with `location_not_found` far from any city. */
export function fetchGeocode(lat: number, lon: number): Promise<TGeocode> {
  // City precision needs no more than about 100 m, so no finer position leaves the browser.
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return api.get<TGeocode>('/api/geocode.php', { query: { lat: round(lat), lon: round(lon) } });
}
