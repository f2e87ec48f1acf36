import type { TConfig } from '#server/config.ts';
import type { TDb } from '../connect.ts';
import { seedBaseSites } from './base-sites.ts';
import { seedDemoProfiles } from './demo-seed.ts';
import { seedDemoStaff } from './demo-staff.ts';

/** Seeds sites always and demo members when enabled and none exist yet. */
export async function seedAll(db: TDb, config: TConfig, log: (msg: string) => void): Promise<void> {
  await seedBaseSites(db);
  if (!config.seedDemo) return;
  const started = Date.now();
  const added = await seedDemoProfiles(db, { dataDir: config.dataDir, count: config.demoProfiles });
  if (added > 0) log(`seeded ${added} demo profiles in ${Date.now() - started} ms`);
  log(await seedDemoStaff(db, (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '')));
}
