import type { TCore } from '#server/core.ts';
import { createContentService } from '#server/modules/content/content.service.ts';
import { createGeoIpService } from '#server/modules/geo/geoip.service.ts';
import { createReferenceService } from '#server/modules/reference/reference.service.ts';
import { createSiteSettingsService, ensureVapidKeys } from '#server/modules/sites/settings.service.ts';
import { createSitesService } from '#server/modules/sites/sites.service.ts';

/** What the site area needs besides the core. */
export interface TSiteDeps {
  /** A trusted proxy's country header (GEOIP_HEADER), read before the address database. */
  geoipHeader?: string;
}

/**
 * The sites this process serves and what every page reads of them: the site of a Host header, its settings, the
 * reference lists and texts, the visitor's country, the Web Push keys. Read at start-up: every site's name and language
 * (the 503 page still has them while the database is down) and the push keys (made once, on the first start).
 */
export async function createSiteArea(core: TCore, deps: TSiteDeps) {
  const vapid = await ensureVapidKeys(core.db);
  const sites = createSitesService(core);
  await sites.warm();
  return {
    sites,
    vapid,
    geoip: await createGeoIpService({ header: deps.geoipHeader }),
    reference: createReferenceService(),
    content: createContentService(),
    siteSettings: createSiteSettingsService(),
  };
}
