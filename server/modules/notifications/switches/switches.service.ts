import {
  EMAIL_DISABLED_REASONS,
  MARKETING_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type TEmailDisabledReason,
} from '#common/notifications.ts';
import type { TNotificationSettings, TSetNotification } from '#common/wire/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import {
  liveConsents,
  recordConsent,
  type TConsentContext,
  withdrawConsent,
} from '#server/modules/consents/consents.service.ts';
import { effectiveSwitches } from './switches.ts';
import { countPushDevices, findEmailDisabled, upsertPreference } from './switches.repository.ts';

/**
 * The member's notification switches (`/notifications`, `GET/PUT /api/notifications.php`). The marketing kinds
 * (promotions, news) are the marketing consents: turning one on records the consent, turning both of its
 * channels off withdraws it, and without a live consent they read as off whatever is stored; given in settings, they
 * read as on (`marketingSwitches`: the consent is the one source of truth for both pages).
 */
export function createNotificationsService({ db, now }: { db: TDb; now: () => Date }) {
  async function settings(userId: number): Promise<TNotificationSettings> {
    const switches = await effectiveSwitches(db, userId);
    const reasons = (await findEmailDisabled(db, userId)).filter((r): r is TEmailDisabledReason =>
      (EMAIL_DISABLED_REASONS as readonly string[]).includes(r),
    );
    return {
      kinds: NOTIFICATION_KINDS.map((kind) => ({ kind, ...switches.get(kind)! })),
      notifications_disabled: reasons,
      push_devices: await countPushDevices(db, userId),
    };
  }

  return {
    settings,
    /** Turns one kind on or off on one channel, at once; answers the new settings. */
    async set(userId: number, change: TSetNotification, ctx: TConsentContext): Promise<TNotificationSettings> {
      const current = (await settings(userId)).kinds.find((k) => k.kind === change.kind)!;
      const next = { email: current.email, push: current.push, [change.channel]: change.enabled };
      const at = now();
      await db.transaction(async (tx) => {
        await upsertPreference(tx, { userId, kind: change.kind, ...next, at });
        if (MARKETING_NOTIFICATION_KINDS.includes(change.kind)) {
          const kind = change.kind as 'promotions' | 'news';
          const live = (await liveConsents(tx, userId)).has(kind);
          if ((next.email || next.push) && !live) await recordConsent(tx, { userId, kind, ...ctx }, at);
          if (!next.email && !next.push && live) await withdrawConsent(tx, { userId, kind, at });
        }
      });
      return settings(userId);
    },
  };
}

export type TNotificationsService = ReturnType<typeof createNotificationsService>;
