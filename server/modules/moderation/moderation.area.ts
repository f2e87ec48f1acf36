import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TPlatform } from '#server/areas/platform.ts';
import { notificationOrigin } from '../notifications/notifier/notifier.service.ts';
import { findSiteById } from '../sites/sites.repository.ts';
import type { TAudit } from './audit.ts';
import { createBansService } from './bans.service.ts';
import { createComplaintsInboxService } from './complaints-inbox.service.ts';
import { createModerationMail } from './moderation-mail.ts';
import { createPhotoReviewService } from './photo-review.service.ts';
import { createReportQueueService } from './report-queue.service.ts';

/** What moderation needs besides the core. */
export interface TModerationDeps extends Pick<TPlatform, 'realtime' | 'store' | 'jobs'> {
  config: Pick<TConfig, 'publicUrl' | 'port'>;
  mailer: TMailer;
  /** Records each staff action in the transaction of its change. */
  audit: TAudit;
}

/**
 * Moderation (issue 30): bans and suspensions (also used by the member page), the reports queue, photo review and the
 * complaints inbox. Every staff action is audited and told to the member concerned in their language.
 */
export function createModerationArea(core: TCore, deps: TModerationDeps) {
  const { realtime, store, jobs, mailer, audit, config } = deps;
  const mail = createModerationMail({
    mailer,
    async mailSiteOf(tx, siteId) {
      const site = await findSiteById(tx, siteId);
      return site && { site, origin: notificationOrigin(site, config) };
    },
  });
  const bans = createBansService(core, { mail, audit, realtime, jobs });
  return {
    bans,
    reportQueue: createReportQueueService(core, { bans, mail, audit, store, jobs }),
    photoReview: createPhotoReviewService(core, { mail, audit, store, jobs }),
    complaintsInbox: createComplaintsInboxService(core, { mail, audit, jobs }),
  };
}
