import type { TCore } from '#server/core.ts';
import type { TPlatform } from '#server/areas/platform.ts';
import { locateCity } from '../geo/geocode.service.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import type { TPhotosService } from '../photos/photos.service.ts';
import type { TSitesService } from '../sites/sites.service.ts';
import { createFictionalProfilesService } from './fictional-profiles.service.ts';
import { createHostsService } from './hosts.service.ts';

/** Hosts answering as fictional profiles, and the fictional profiles themselves (issue 30 console). */
export function createHostsArea(
  core: TCore,
  deps: Pick<TPlatform, 'realtime' | 'store'> & {
    notifier: TNotifyQueue;
    sites: TSitesService;
    photos: TPhotosService;
  },
) {
  const { realtime, store, notifier, sites, photos } = deps;
  return {
    hosts: createHostsService(core, { realtime, store, notify: notifier, sites }),
    fictionalProfiles: createFictionalProfilesService(core, { photos, sites, locate: locateCity }),
  };
}
