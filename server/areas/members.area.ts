import type { TCore } from '#server/core.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import { createAnalyticsService } from '#server/modules/analytics/analytics.service.ts';
import { createChatService } from '#server/modules/chat/chat.service.ts';
import { locateCity } from '#server/modules/geo/geocode.service.ts';
import { createLikesService } from '#server/modules/likes/likes.service.ts';
import { createMatchFinderService } from '#server/modules/match-finder/match-finder.service.ts';
import type { TNotifyQueue } from '#server/modules/notifications/notifier/notify-queue.ts';
import { createPhotosService } from '#server/modules/photos/photos.service.ts';
import { createBlocksService } from '#server/modules/profiles/blocks.service.ts';
import { createMyProfileService } from '#server/modules/profiles/my-profile.service.ts';
import { createProfileBasicsService } from '#server/modules/profiles/profile-basics.service.ts';
import { createProfilesService } from '#server/modules/profiles/profiles.service.ts';
import { createReportsService } from '#server/modules/reports/reports.service.ts';
import { createSearchService } from '#server/modules/search/search.service.ts';
import type { TPlatform } from './platform.ts';

/** What the members area needs besides the core. */
export interface TMembersDeps extends Pick<TPlatform, 'realtime' | 'store' | 'rateLimits'> {
  mailer: TMailer;
  /** Queues a notification in the transaction of its change (a like, a match, a message). */
  notifier: TNotifyQueue;
}

/**
 * What members do with each other: their own profile and photos, search and the match finder, profiles of others,
 * likes and swipes, chat, blocks and reports, and the counts behind the home page.
 */
export function createMembersArea(core: TCore, deps: TMembersDeps) {
  const { realtime, store, rateLimits, mailer, notifier } = deps;
  const likes = createLikesService(core, { realtime, notify: notifier, limits: rateLimits });
  return {
    likes,
    profiles: createProfilesService(core, { likes }),
    search: createSearchService(core),
    matchFinder: createMatchFinderService(core),
    blocks: createBlocksService(core),
    analytics: createAnalyticsService(core),
    photos: createPhotosService(core, { store }),
    reports: createReportsService(core, { mailer }),
    chat: createChatService(core, { realtime, store, notify: notifier }),
    profileBasics: createProfileBasicsService(core, { locate: locateCity }),
    myProfile: createMyProfileService(core, { locate: locateCity }),
  };
}
