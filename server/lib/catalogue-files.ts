import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCALES } from '#common/locales.ts';

const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

/** Reads every locale's catalogue file (missing files are left out). */
export function loadAllCatalogues(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const lng of LOCALES) {
    const file = path.join(LOCALES_DIR, `${lng}.json`);
    if (fs.existsSync(file)) out[lng] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/**
 * Reads the console's catalogues (the `admin` namespace): one folder per console area under locales/admin/, each
 * with a file per locale, merged per locale (each area's file holds its own top-level keys).
 */
export function loadAdminCatalogues(): Record<string, unknown> {
  const dir = path.join(LOCALES_DIR, 'admin');
  const areas = fs.readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory());
  const out: Record<string, Record<string, unknown>> = {};
  for (const lng of LOCALES) {
    for (const area of areas) {
      const file = path.join(dir, area.name, `${lng}.json`);
      if (fs.existsSync(file)) out[lng] = { ...out[lng], ...JSON.parse(fs.readFileSync(file, 'utf8')) };
    }
  }
  return out;
}
