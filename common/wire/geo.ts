import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

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

/** Offline reverse geocoding for the geolocation button (spec §7). */
export const geoApi = {
  geocode: defineEndpoint({
    method: 'GET',
    path: '/api/geocode.php',
    tags: ['reference'],
    summary: 'Nearest city of a served country to a point (country, region, city; never coordinates)',
    query: ZGeocodeQuery,
    response: ZGeocodeResponse,
  }),
};
