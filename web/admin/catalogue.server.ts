import type { TLocale } from '#common/locales.ts';

type TCatalogue = Record<string, unknown>;

// Server-only (loaders): the console's strings never reach a member page's chunks. One folder per console area under
// locales/admin/, a file per locale in each; an area's file holds its own top-level keys.
const files = import.meta.glob<TCatalogue>('../../locales/admin/*/*.json', { import: 'default' });

/** The console's catalogue (`admin` namespace) of a locale: every area's file merged. */
export async function adminCatalogue(lng: TLocale): Promise<TCatalogue> {
  const loads = Object.entries(files)
    .filter(([file]) => file.endsWith(`/${lng}.json`))
    .map(([, load]) => load());
  if (!loads.length) throw new Error(`No console catalogue for ${lng}`);
  return Object.assign({}, ...(await Promise.all(loads)));
}
