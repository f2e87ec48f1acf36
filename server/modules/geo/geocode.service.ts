import { around } from 'geokdbush';
import { COUNTRIES, type TLocale } from '#common/locales.ts';
import { countryName, regionsOf } from '../reference/reference.service.ts';
import { geocodePlaces } from './geocode.dataset.ts';
import { namesOfPlace } from './place-aliases.ts';
import { placeNameKey } from './place-name.ts';

/** Farthest a point may be from the nearest place of a served country and still be placed there, in km. */
export const GEOCODE_MAX_DISTANCE_KM = 50;

/** A located city: the answer of `GET /api/geocode.php` (city precision, never coordinates). */
export interface TGeocodeResult {
  country: string;
  country_name: string;
  region_code: string | null;
  region_name: string | null;
  city: string;
}

/** The nearest place of a served country to a point, localised; null when none lies within the maximum distance. */
export async function reverseGeocode(lat: number, lon: number, lng: TLocale): Promise<TGeocodeResult | null> {
  const places = await geocodePlaces();
  const [nearest] = around(places.index, lon, lat, 1, GEOCODE_MAX_DISTANCE_KM);
  if (nearest === undefined) return null;
  const country = COUNTRIES[places.countries[nearest]];
  const code = places.regions[nearest];
  const region = code ? regionsOf(country, lng)?.regions.find((r) => r.code === code) : undefined;
  return {
    country,
    country_name: countryName(country, lng),
    region_code: region?.code ?? null,
    region_name: region?.name ?? null,
    city: places.names[nearest],
  };
}

/** A place of a country and region keyed by its name compared without case and accents ("Zürich" = "zurich"). */
function placeKey(country: string, regionCode: string, city: string): string {
  return `${country}|${regionCode}|${placeNameKey(city)}`;
}

/** A named city found in the dataset: its centre, its own spelling and its region. */
export interface TLocatedCity {
  lat: number;
  lon: number;
  /** The dataset's spelling ("kraków" is stored as "Kraków"), or the local name typed ("München" for Munich). */
  city: string;
  region_code: string | null;
}

let byName: Promise<Map<string, TLocatedCity>> | null = null;

/** Name (and local names) → position of every place, keyed with and without its region (built once, on first use). */
function placesByName() {
  byName ??= geocodePlaces().then((places) => {
    const map = new Map<string, TLocatedCity>();
    const { ids, coords } = places.index;
    for (let p = 0; p < ids.length; p++) {
      const id = ids[p];
      const country = COUNTRIES[places.countries[id]];
      for (const name of namesOfPlace(country, places.names[id])) {
        const point = { lon: coords[2 * p], lat: coords[2 * p + 1], city: name, region_code: places.regions[id] };
        // Two places of one name in one region are rare; the first listed is used.
        const keyed = placeKey(country, places.regions[id] ?? '', name);
        if (!map.has(keyed)) map.set(keyed, point);
        const loose = placeKey(country, '', name);
        if (!map.has(loose)) map.set(loose, point);
      }
    }
    return map;
  });
  return byName;
}

/**
 * The position of a named city (the city's own centre, never the member's), so distances can be shown in rounded
 * buckets, with the dataset's spelling; null when the name is not in the dataset. Tries the region first, then the
 * whole country.
 */
export async function locateCity(country: string, regionCode: string, city: string): Promise<TLocatedCity | null> {
  const map = await placesByName();
  return map.get(placeKey(country, regionCode, city)) ?? map.get(placeKey(country, '', city)) ?? null;
}
