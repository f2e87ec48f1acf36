import type { TRealtimeHub } from './hub.ts';
import { publishToMember } from './publish.ts';

/**
 * Tells the member's open tabs their new balance (event `credits`). Never throws: the balance is committed already,
 * and a tab that misses the event reads it at its next poll.
 */
export async function publishCredits(
  hub: Pick<TRealtimeHub, 'publish'>,
  profileId: number,
  credits: number,
): Promise<void> {
  await publishToMember(hub, profileId, { type: 'credits', credits });
}
