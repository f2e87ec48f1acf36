import { COUNTRIES, type TLocale } from '#common/locales.ts';
import { regionsOf } from '../reference/reference.service.ts';
import { geocodePlaces, type TPlaces } from './geocode.dataset.ts';
import { namesOfPlace } from './place-aliases.ts';
import { placeNameKey } from './place-name.ts';

/** Most suggestions the city field shows at once. */
export const PLACE_SUGGESTIONS_MAX = 8;
/** Most index entries looked at for one prefix: a one-letter prefix of a large country matches a few thousand. */
const PREFIX_SCAN_MAX = 5000;

/** A suggested city of a country with its (localised) region. */
export interface TPlaceSuggestion {
  city: string;
  region_code: string | null;
  region_name: string | null;
}

/** One country's place names (local names too) sorted by key, for prefix lookups by binary search. */
interface TCountryPrefixIndex {
  keys: string[];
  ids: number[];
  names: string[];
}

/** A place whose name (or local name) starts with the prefix. */
interface TMatch {
  key: string;
  id: number;
  name: string;
  isAlias: boolean;
}

let prefixIndex: Promise<Map<string, TCountryPrefixIndex>> | null = null;

/** Builds, once, per served country the place ids sorted by their name key. */
function countryPrefixIndex(): Promise<Map<string, TCountryPrefixIndex>> {
  prefixIndex ??= geocodePlaces().then((places) => {
    const entries = new Map<string, { key: string; id: number; name: string }[]>();
    for (let id = 0; id < places.names.length; id++) {
      const country = COUNTRIES[places.countries[id]];
      const list = entries.get(country) ?? [];
      for (const name of namesOfPlace(country, places.names[id])) list.push({ key: placeNameKey(name), id, name });
      entries.set(country, list);
    }
    const index = new Map<string, TCountryPrefixIndex>();
    for (const [country, list] of entries) {
      list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
      index.set(country, { keys: list.map((e) => e.key), ids: list.map((e) => e.id), names: list.map((e) => e.name) });
    }
    return index;
  });
  return prefixIndex;
}

/** The first position whose key is not below `key` (binary search). */
function lowerBound(keys: string[], key: string): number {
  let [lo, hi] = [0, keys.length];
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Ranks a match: places of the chosen region first, then shorter names, then alphabetically. */
function compareMatches(places: TPlaces, regionCode: string) {
  return (a: TMatch, b: TMatch) =>
    Number(places.regions[b.id] === regionCode) - Number(places.regions[a.id] === regionCode) ||
    a.key.length - b.key.length ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0) ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.id - b.id;
}

/**
 * Cities of a served country whose name or local name starts with `query` (without case or accents: "krak" finds
 * "Kraków", "münch" finds "München"), those of the chosen region first; a name listed twice in one region is
 * suggested once.
 */
export async function suggestPlaces(
  { country, regionCode, query }: { country: string; regionCode: string; query: string },
  lng: TLocale,
): Promise<TPlaceSuggestion[]> {
  const prefix = placeNameKey(query);
  const index = (await countryPrefixIndex()).get(country);
  if (!index || !prefix) return [];
  const places = await geocodePlaces();
  const matches: TMatch[] = [];
  const start = lowerBound(index.keys, prefix);
  const end = Math.min(index.keys.length, start + PREFIX_SCAN_MAX);
  for (let i = start; i < end && index.keys[i].startsWith(prefix); i++) {
    const id = index.ids[i];
    matches.push({ key: index.keys[i], id, name: index.names[i], isAlias: index.names[i] !== places.names[id] });
  }
  // A place found by its local name too is suggested once, by that name ("München", not also "Munich").
  const foundByAlias = new Set(matches.filter((m) => m.isAlias).map((m) => m.id));
  matches.sort(compareMatches(places, regionCode));
  const regions = regionsOf(country, lng)?.regions ?? [];
  const seen = new Set<string>();
  const suggestions: TPlaceSuggestion[] = [];
  for (const { id, name, isAlias } of matches) {
    if (!isAlias && foundByAlias.has(id)) continue;
    const code = places.regions[id];
    const unique = `${code}|${name}`;
    if (seen.has(unique)) continue;
    seen.add(unique);
    suggestions.push({
      city: name,
      region_code: code,
      region_name: regions.find((r) => r.code === code)?.name ?? null,
    });
    if (suggestions.length === PLACE_SUGGESTIONS_MAX) break;
  }
  return suggestions;
}
