import { createRequire } from 'node:module';
import * as regionData from 'country-region-data';
import countries from 'i18n-iso-countries';
import { COUNTRIES, LOCALES, type TLocale } from '#common/locales.ts';
import { INTERESTS, REGION_LABELS } from '#common/profile-attributes.ts';
import { serverT } from '#server/lib/i18n.ts';

const require = createRequire(import.meta.url);
for (const lng of LOCALES) countries.registerLocale(require(`i18n-iso-countries/langs/${lng}.json`));

type TRegionTuple = [name: string, code: string];
type TCountryData = [name: string, code: string, regions: TRegionTuple[]];

export interface TRegion {
  code: string;
  name: string;
}
export interface TCountryRegions {
  country: string;
  name: string;
  label: string;
  label_key: string;
  regions: TRegion[];
}

/** Localised name of an ISO-2 country. */
export function countryName(code: string, lng: TLocale): string {
  return countries.getName(code, lng, { select: 'alias' }) ?? code;
}

/** Memoises static reference data per locale (it only changes with a release). */
function perLocale<T>(build: (lng: TLocale) => T): (lng: TLocale) => T {
  const memo = new Map<TLocale, T>();
  return (lng) => {
    if (!memo.has(lng)) memo.set(lng, build(lng));
    return memo.get(lng)!;
  };
}

/** The 19 served countries with localised names (spec §1), sorted by name. */
export const listCountries = perLocale((lng) => {
  const collator = new Intl.Collator(lng);
  return COUNTRIES.map((code) => ({ code, name: countryName(code, lng) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
});

const regionsByLocale = perLocale((lng) => new Map(COUNTRIES.map((code) => [code, buildRegions(code, lng)])));

/** Regions of one served country from the country-region-data package, with the region label (spec §3). */
export function regionsOf(code: string, lng: TLocale): TCountryRegions | null {
  return regionsByLocale(lng).get(code) ?? null;
}

function buildRegions(code: string, lng: TLocale): TCountryRegions {
  const data = (regionData as unknown as Record<string, TCountryData>)[code];
  const labelKey = REGION_LABELS[code] ?? 'region';
  return {
    country: code,
    name: countryName(code, lng),
    label: serverT(lng)(`regions.label.${labelKey}`),
    label_key: labelKey,
    regions: (data?.[2] ?? []).map(([name, regionCode]) => ({ code: regionCode, name })),
  };
}

/** Regions for every served country. */
export const listRegions = perLocale((lng) => [...regionsByLocale(lng).values()]);

/** The 50 interests with icon and localised label (spec §3). */
export const listInterests = perLocale((lng) => {
  const t = serverT(lng);
  return INTERESTS.map(([id, icon]) => ({ id, icon, name: t(`interests.${id}`) }));
});

/** Country and region names for routes and pages (the datasets are loaded once per process). */
export function createReferenceService() {
  return { countryName, listCountries, regionsOf };
}

export type TReferenceService = ReturnType<typeof createReferenceService>;
