// Builds the web app when build/ is missing or older than its sources (used by `npm start`).
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const output = path.join(root, 'build/server/index.js');

function newest(dir: string): number {
  let max = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return max;
}

const sources = ['web', 'common', 'locales', 'public'].map((d) => newest(path.join(root, d)));
const configs = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts'].map(
  (f) => fs.statSync(path.join(root, f)).mtimeMs,
);
const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
const places = path.join(root, 'build/geo-places.json');
if (built < Math.max(...sources, ...configs) || !fs.existsSync(places)) {
  console.log('Building the web app…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
