import type { TLocale } from '#common/locales.ts';

type TCatalogue = Record<string, unknown>;

const lazy = import.meta.glob<TCatalogue>('../../locales/*.json', { import: 'default' });

/** Loads one locale's catalogue on demand (each locale is its own chunk). */
export async function loadCatalogue(lng: TLocale): Promise<TCatalogue> {
  const load = lazy[`../../locales/${lng}.json`];
  if (!load) throw new Error(`No catalogue for ${lng}`);
  return load();
}
