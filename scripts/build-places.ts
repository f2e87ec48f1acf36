// Compiles the reverse-geocoding places once per build into build/geo-places.json (part of `npm run build`), so a
// server process reads a small file instead of parsing the two large datasets on its first lookup.
import fs from 'node:fs/promises';
import path from 'node:path';
import { COMPILED_PLACES_FILE, compilePlaces } from '#server/modules/geo/geocode.dataset.ts';

const started = performance.now();
const places = await compilePlaces();
await fs.mkdir(path.dirname(COMPILED_PLACES_FILE), { recursive: true });
const temporary = `${COMPILED_PLACES_FILE}.${process.pid}.tmp`;
await fs.writeFile(temporary, JSON.stringify(places));
await fs.rename(temporary, COMPILED_PLACES_FILE);
const { size } = await fs.stat(COMPILED_PLACES_FILE);
console.log(
  `geo places: ${places.names.length} in ${(size / 1e6).toFixed(1)} MB, ${Math.round(performance.now() - started)} ms`,
);
