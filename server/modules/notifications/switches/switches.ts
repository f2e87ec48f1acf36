import {
  defaultSwitches,
  MARKETING_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  type TChannelSwitches,
  type TNotificationKind,
} from '#common/notifications.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { liveConsents } from '#server/modules/consents/consents.service.ts';
import { findPreferences } from './switches.repository.ts';

/**
 * A marketing kind's switches. The consent is the one source of truth for on or off (settings gives and withdraws it,
 * `/notifications` too): without a live consent the kind is off whatever is stored; with one it is as stored per
 * channel, or on for both when nothing stored is on (the consent was given in settings, where there are no channels).
 */
export function marketingSwitches(stored: TChannelSwitches | undefined, consented: boolean): TChannelSwitches {
  if (!consented) return { email: false, push: false };
  return stored && (stored.email || stored.push) ? stored : { email: true, push: true };
}

/** A member's switches for the given kinds (default all): stored rows over the defaults; marketing kinds by consent. */
export async function effectiveSwitches(
  db: TDb | TTx,
  userId: number,
  kinds: readonly TNotificationKind[] = NOTIFICATION_KINDS,
): Promise<Map<TNotificationKind, TChannelSwitches>> {
  const stored = new Map((await findPreferences(db, userId)).map((r) => [r.kind, { email: r.email, push: r.push }]));
  const marketing = kinds.some((k) => MARKETING_NOTIFICATION_KINDS.includes(k));
  const consented = marketing ? await liveConsents(db, userId) : new Map<string, unknown>();
  const out = new Map<TNotificationKind, TChannelSwitches>();
  for (const kind of kinds) {
    out.set(
      kind,
      MARKETING_NOTIFICATION_KINDS.includes(kind)
        ? marketingSwitches(stored.get(kind), consented.has(kind))
        : (stored.get(kind) ?? defaultSwitches(kind)),
    );
  }
  return out;
}
