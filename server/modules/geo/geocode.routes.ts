import type { FastifyInstance } from 'fastify';
import { geoApi } from '#common/wire/geo.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { reverseGeocode } from './geocode.service.ts';
import { suggestPlaces } from './places.service.ts';

/**
 * Offline reverse geocoding for the geolocation button (spec §7) and city suggestions for the city field; open to
 * visitors, answers at city precision.
 */
export async function geocodeRoutes(app: FastifyInstance) {
  route(app, geoApi.geocode, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const { lat, lon } = request.query;
    const place = await reverseGeocode(lat, lon, request.locale);
    if (!place) throw new AppError('location_not_found', undefined, 404);
    return place;
  });
  // Typing asks once per pause (the field waits ~150 ms), so a member trying a few names stays well under this.
  route(app, geoApi.places, { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } }, async (request) => {
    const { country, region_code: regionCode, q } = request.query;
    return { places: await suggestPlaces({ country, regionCode, query: q }, request.locale) };
  });
}
