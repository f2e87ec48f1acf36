import type { TLogger } from '../lib/logger.ts';
import type { TRealtimeHub } from './hub.ts';

/** The hub channel that tells every process a member's sessions ended: control only, never forwarded to a client. */
export function sessionsChannel(userId: number): string {
  return `sessions:${userId}`;
}

/** Which sessions of a member ended (ids are the stored SHA-256 of the cookie token): one, all but one, or all. */
export type TSessionsEnded = { type: 'sessions_ended'; only?: string; except?: string };

/** Whether a socket opened with session `sessionId` must close for this event. */
export function endsSession(event: { type: string; only?: unknown; except?: unknown }, sessionId: string): boolean {
  if (event.type !== 'sessions_ended') return false;
  if (typeof event.only === 'string') return event.only === sessionId;
  if (typeof event.except === 'string') return event.except !== sessionId;
  return true;
}

/**
 * Closes the member's sockets of the ended sessions on every process (call after the sessions were deleted). Never
 * throws: when the hub is down, a socket still notices at its next periodic session check.
 */
export async function publishSessionsEnded(
  hub: TRealtimeHub,
  log: Pick<TLogger, 'warn'>,
  { userId, ...scope }: { userId: number; only?: string; except?: string },
): Promise<void> {
  const event: TSessionsEnded = { type: 'sessions_ended', ...scope };
  await hub.publish(sessionsChannel(userId), event).catch((err: unknown) => {
    log.warn({ err, userId }, 'sessions_ended not published; sockets close at their next session check');
  });
}
