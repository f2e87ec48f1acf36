import type { TConfig } from '#server/config.ts';
import type { TDb } from '../connect.ts';
import { seedBaseSites } from './base-sites.ts';
import { seedDemoProfiles } from './demo-seed.ts';
import { seedDemoStaff } from './demo-staff.ts';

/**
 * The demo (SEED_DEMO, the default): the made-up company, the four `*.localhost` sites and their bundles, then demo
 * members when none exist yet. A production database (SEED_DEMO=false) gets nothing fictional: the owner creates the
 * company and the first site in the console, and until then members get the "being set up" page.
 */
export async function seedAll(db: TDb, config: TConfig, log: (msg: string) => void): Promise<void> {
  if (!config.seedDemo) return;
  await seedBaseSites(db);
  const started = Date.now();
  // JPEG only at first; the photo_variants job (scheduled at start-up) makes the AVIF/WebP widths in the background.
  const added = await seedDemoProfiles(db, { dataDir: config.dataDir, count: config.demoProfiles, variants: false });
  if (added > 0) log(`seeded ${added} demo profiles in ${Date.now() - started} ms`);
  log(await seedDemoStaff(db, (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '')));
}
