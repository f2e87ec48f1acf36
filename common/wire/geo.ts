import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { COUNTRIES } from '../locales.ts';
import { CITY_MAX } from '../profile-edit.ts';
import { zText } from '../text.ts';

/** A decimal coordinate from the query string within [min, max]; empty or non-numeric values are rejected. */
const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));

/** `GET /api/geocode.php` query: the position to reverse geocode. */
export const ZGeocodeQuery = z.object({ lat: coordinate(-90, 90), lon: coordinate(-180, 180) });

/** `GET /api/geocode.php` answer: the nearest city of a served country, never coordinates. */
export const ZGeocodeResponse = z.object({
  country: z.string(),
  country_name: z.string(),
  region_code: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string(),
});

export type TGeocode = z.infer<typeof ZGeocodeResponse>;

/** `GET /api/places.php` query: the start of a city's name in a served country, the chosen region (if any) first. */
export const ZPlacesQuery = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((c) => COUNTRIES.includes(c)),
  region_code: z.string().trim().max(10).optional().default(''),
  q: zText().trim().min(1).max(CITY_MAX),
});

/** One suggested city with its region (localised). */
export const ZPlaceSuggestion = z.object({
  city: z.string(),
  region_code: z.string().nullable(),
  region_name: z.string().nullable(),
});

/** `GET /api/places.php` answer: a few cities whose name starts with the query. */
export const ZPlacesResponse = z.object({ places: z.array(ZPlaceSuggestion) });

export type TPlaceSuggestion = z.infer<typeof ZPlaceSuggestion>;

/** Offline reverse geocoding for the geolocation button (spec §7) and city suggestions for the city field. */
export const geoApi = {
  geocode: defineEndpoint({
    method: 'GET',
    path: '/api/geocode.php',
    tags: ['reference'],
    summary: 'Nearest city of a served country to a point (country, region, city; never coordinates)',
    query: ZGeocodeQuery,
    response: ZGeocodeResponse,
  }),
  places: defineEndpoint({
    method: 'GET',
    path: '/api/places.php',
    tags: ['reference'],
    summary: 'Cities of a served country whose name starts with q (accent-insensitive), the chosen region first',
    query: ZPlacesQuery,
    response: ZPlacesResponse,
  }),
};
