import type { i18n, TFunction } from 'i18next';
import { createI18n } from '#common/i18n.ts';
import { isLocale, LOCALES, type TLocale } from '#common/locales.ts';
import { loadAllCatalogues } from './catalogue-files.ts';

let instances: Map<TLocale, i18n> | undefined;

/** Loads every catalogue once and returns the per-locale i18next instances. */
function load(): Map<TLocale, i18n> {
  if (!instances) {
    const catalogues = loadAllCatalogues();
    instances = new Map(
      LOCALES.map((lng) => [lng, createI18n(lng, (catalogues[lng] ?? {}) as Record<string, unknown>)]),
    );
  }
  return instances;
}

/** Translation function for a locale on the server (emails, API labels). */
export function serverT(lng: string): TFunction {
  return load().get(isLocale(lng) ? lng : 'en')!.t;
}
