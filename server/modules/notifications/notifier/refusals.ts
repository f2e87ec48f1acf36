import { MARKETING_NOTIFICATION_KINDS, type TNotificationChannel } from '#common/notifications.ts';
import type { TDb } from '#server/db/connect.ts';
import { hasLiveConsent } from '#server/modules/consents/consents.service.ts';
import { findBlockRelation } from '#server/modules/profiles/blocks.repository.ts';
import { effectiveSwitches } from '../switches/switches.ts';
import type { TRecipient } from './notify.repository.ts';
import type { TResolved } from './resolvers.ts';

/** Whether a member may be notified at all: an account in use, a visible profile (invisible → none). */
export function reachable(r: TRecipient | undefined): r is TRecipient {
  return Boolean(
    r &&
    (r.status === 'active' || r.status === 'not_confirmed') &&
    r.profileStatus === 'active' &&
    !r.invisible &&
    !r.profileInvisible,
  );
}

/**
 * Everything that must hold for a member to be told now, on a channel: the member reachable (a reminder also reaches
 * an unconfirmed account), no block either way, the switch on (a marketing kind also needs its consent), email
 * allowed (an activation reminder goes to the unconfirmed address). Returns the reason per channel where not, with
 * one look at blocks and switches for both.
 */
export async function refusals(db: TDb, ev: TResolved): Promise<Record<TNotificationChannel, string | undefined>> {
  const both = (reason: string) => ({ push: reason, email: reason });
  const r = ev.recipient;
  const reminder = ev.kind === 'reminders';
  if (!r) return both('unreachable');
  if (reminder ? !['active', 'not_confirmed'].includes(r.status) || r.invisible : !reachable(r))
    return both('unreachable');
  if (ev.stale) return both(ev.stale);
  if (ev.actorProfileId !== undefined) {
    const block = await findBlockRelation(db, r.profileId, ev.actorProfileId);
    if (block.blockedByMe || block.blockedMe) return both('blocked');
  }
  if (MARKETING_NOTIFICATION_KINDS.includes(ev.kind) && !(await hasLiveConsent(db, r.userId, ev.kind as 'news')))
    return both('no_consent');
  const switches = (await effectiveSwitches(db, r.userId, [ev.kind])).get(ev.kind)!;
  if (!switches.push && !switches.email) return both('switched_off');
  const activation = reminder && r.status === 'not_confirmed';
  const emailOff = r.emailDisabled.length > 0 || (!r.emailConfirmed && !activation);
  return {
    push: switches.push ? undefined : 'switched_off',
    email: !switches.email ? 'switched_off' : emailOff ? 'email_disabled' : undefined,
  };
}
