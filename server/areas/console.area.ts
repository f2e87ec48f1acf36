import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import { createHostsArea } from '#server/modules/hosts/hosts.area.ts';
import { createMemberAdminArea, type TMemberAdminDeps } from '#server/modules/member-admin/member-admin.area.ts';
import { createModerationArea } from '#server/modules/moderation/moderation.area.ts';
import type { TNotifyQueue } from '#server/modules/notifications/notifier/notify-queue.ts';
import { notificationOrigin } from '#server/modules/notifications/notifier/notifier.service.ts';
import { createOpsService } from '#server/modules/ops/ops.service.ts';
import type { TPhotosService } from '#server/modules/photos/photos.service.ts';
import type { TSitesService } from '#server/modules/sites/sites.service.ts';
import { recordAudit } from '#server/modules/staff/audit.repository.ts';
import { createStaffArea } from '#server/modules/staff/staff.area.ts';
import type { TPlatform } from './platform.ts';
import { createSiteAdminArea } from './site-admin.area.ts';

/** What the console needs besides the core: the platform, the sites, and the members' and payments' services it acts through. */
export interface TConsoleDeps extends Pick<TPlatform, 'realtime' | 'store' | 'jobs'> {
  config: TConfig;
  mailer: TMailer;
  sites: TSitesService;
  notifier: TNotifyQueue;
  photos: TPhotosService;
  payments: TMemberAdminDeps['payments'];
  /** The job kinds whose payload stays whole when they fail: the only ones the console may retry. */
  retryableJobKinds: ReadonlySet<string>;
}

/**
 * The operator console's services (issue 30): staff and their login, sites, company and prices, the dashboard, jobs and
 * broadcasts, moderation, members and money, and hosts. Every staff action is recorded with `recordAudit` in the
 * transaction of its change.
 */
export function createConsoleArea(core: TCore, deps: TConsoleDeps) {
  const { config, mailer, jobs, realtime, store, sites } = deps;
  return {
    ...createStaffArea(core),
    ...createSiteAdminArea(core, { sites }),
    /** The console's operations: queues, failed jobs, notification sends, broadcasts. */
    ops: createOpsService(core, {
      retryableKinds: deps.retryableJobKinds,
      recordAudit,
      siteById: (id) => sites.byId(id),
      originOf: (s) => notificationOrigin(s, config),
    }),
    moderation: createModerationArea(core, { realtime, store, jobs, config, mailer, audit: recordAudit }),
    ...createMemberAdminArea(core, {
      config,
      mailer,
      jobs,
      realtime,
      sites,
      payments: deps.payments,
      audit: recordAudit,
    }),
    ...createHostsArea(core, { realtime, store, notifier: deps.notifier, sites, photos: deps.photos }),
  };
}
