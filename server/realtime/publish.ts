import { memberChannel } from '#common/likes.ts';
import type { TServerEvent } from '#common/realtime.ts';
import type { TRealtimeHub } from './hub.ts';

/**
 * Sends one of the events a member's sockets understand to all their open tabs, on any process. Realtime is best
 * effort (the database is the truth and clients resync from it), so this never rejects.
 */
export async function publishToMember(
  hub: Pick<TRealtimeHub, 'publish'>,
  profileId: number,
  event: TServerEvent,
): Promise<void> {
  await hub.publish(memberChannel(profileId), event).catch(() => undefined);
}
