import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { reverseGeocode } from './geocode.service.ts';

/** A decimal coordinate from the query string within [min, max]; empty or non-numeric values are rejected. */
const coordinate = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d+)?$/)
    .transform(Number)
    .pipe(z.number().min(min).max(max));

const ZGeocodeQuery = z.object({ lat: coordinate(-90, 90), lon: coordinate(-180, 180) });

const ZGeocodeResponse = z.object({
  country: z.string(),
  country_name: z.string(),
  region_code: z.string().nullable(),
  region_name: z.string().nullable(),
  city: z.string(),
});

/** Offline reverse geocoding for the geolocation button (spec §7); open to visitors, answers at city precision. */
export async function geocodeRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/geocode.php',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['reference'],
        summary: 'Nearest city of a served country to a point (country, region, city; never coordinates)',
        querystring: ZGeocodeQuery,
        response: { 200: ZGeocodeResponse },
      },
    },
    async (request) => {
      const { lat, lon } = request.query;
      const place = await reverseGeocode(lat, lon, request.locale);
      if (!place) throw new AppError('location_not_found', undefined, 404);
      return place;
    },
  );
}
