import { GEOLOCATION_MAX_AGE_MS } from '#common/constants.ts';
import { readStored, writeStored } from '#web/lib/storage.ts';
import type { TGeocode } from './geocode.api.ts';

/** localStorage key of the last geocode result (city precision only; the position itself is never stored). */
export const GEOCODE_CACHE_KEY = 'geolocation-geocode';

interface TCachedGeocode {
  at: number;
  lng: string;
  result: TGeocode;
}

/** The stored geocode result when younger than the geolocation cache max age (spec §9) and in this language. */
export function readCachedGeocode(lng: string, now = Date.now()): TGeocode | null {
  try {
    const cached = JSON.parse(readStored(GEOCODE_CACHE_KEY) ?? 'null') as TCachedGeocode | null;
    if (!cached || cached.lng !== lng || typeof cached.at !== 'number') return null;
    const age = now - cached.at;
    return age >= 0 && age < GEOLOCATION_MAX_AGE_MS && cached.result?.country ? cached.result : null;
  } catch {
    return null;
  }
}

/** Stores a geocode result with its time and language. */
export function writeCachedGeocode(result: TGeocode, lng: string, now = Date.now()): void {
  writeStored(GEOCODE_CACHE_KEY, JSON.stringify({ at: now, lng, result } satisfies TCachedGeocode));
}
