import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGeocodeQuery, ZGeocodeResponse } from '../../../common/wire/geo.ts';
import { AppError } from '../../lib/app-error.ts';
import { reverseGeocode } from './geocode.service.ts';

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
