import { geoApi, type TPlaceSuggestion } from '#common/wire/geo.ts';
import { api } from '#web/lib/api.ts';

export type { TPlaceSuggestion } from '#common/wire/geo.ts';

/** Cities of a country whose name starts with `q`, those of the region first (offline place data). */
export async function fetchPlaces(
  query: { country: string; region_code: string; q: string },
  signal?: AbortSignal,
): Promise<TPlaceSuggestion[]> {
  // Quiet: suggestions arrive while the member types, no progress bar.
  const answer = await api.call(geoApi.places, query, { signal, progress: false });
  return answer.places;
}
