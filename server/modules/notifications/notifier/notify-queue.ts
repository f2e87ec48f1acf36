import type { TTx } from '#server/db/connect.ts';
import type { TNotifyEvent } from './notifier.service.ts';

/** Queues a notification in the caller's transaction and runs it after the commit (notifier.service.ts). */
export interface TNotifyQueue {
  /** The job kind of a notification event (a message's is queued by the send's own statement). */
  eventJobKind: string;
  queue(tx: TTx, event: TNotifyEvent): Promise<number>;
  runSoon(ids: readonly number[]): void;
}
