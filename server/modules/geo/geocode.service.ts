import { around } from 'geokdbush';
import { COUNTRIES, type TLocale } from '../../../common/locales.ts';
import { countryName, regionsOf } from '../reference/reference.service.ts';
import { geocodePlaces } from './geocode.dataset.ts';

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
