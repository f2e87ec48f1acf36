import type { FastifyInstance } from 'fastify';
import { geoApi } from '#common/wire/geo.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { reverseGeocode } from './geocode.service.ts';

/** Offline reverse geocoding for the geolocation button (spec §7); open to visitors, answers at city precision. */
export async function geocodeRoutes(app: FastifyInstance) {
  route(app, geoApi.geocode, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const { lat, lon } = request.query;
    const place = await reverseGeocode(lat, lon, request.locale);
    if (!place) throw new AppError('location_not_found', undefined, 404);
    return place;
  });
}
