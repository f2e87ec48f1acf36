import type { TConfig } from './config.ts';
import type { TDatabase } from './db/connect.ts';
import { createGeoIpService, type TGeoIpService } from './modules/geo/geoip.service.ts';
import { createProfilesService, type TProfilesService } from './modules/profiles/profiles.service.ts';
import { ensureVapidKeys } from './modules/sites/settings.service.ts';
import { createSitesService, type TSitesService } from './modules/sites/sites.service.ts';

/** Everything routes and page loaders need, built once per process (no DI container). */
export interface TServices {
  config: TConfig;
  database: TDatabase;
  sites: TSitesService;
  geoip: TGeoIpService;
  profiles: TProfilesService;
  vapid: { publicKey: string };
  lifecycle: { shuttingDown: boolean };
}

/** Builds the service layer over a connected database. */
export async function createServices(config: TConfig, database: TDatabase): Promise<TServices> {
  const vapid = await ensureVapidKeys(database.db);
  return {
    config,
    database,
    sites: createSitesService(database.db),
    geoip: await createGeoIpService({ header: config.geoipHeader }),
    profiles: createProfilesService(database.db, config),
    vapid: { publicKey: vapid.publicKey },
    lifecycle: { shuttingDown: false },
  };
}
