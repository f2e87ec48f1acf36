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
