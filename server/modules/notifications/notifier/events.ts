import { z } from 'zod';
import { declareJob } from '#server/jobs/define-job.ts';

const ZId = z.number().int();

/** What happened, as the fan-out job receives it. */
export const ZNotifyEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), messageId: ZId }),
  z.object({ type: z.literal('like'), likerProfileId: ZId, likedProfileId: ZId }),
  /** A message stayed unread for UNREAD_REMINDER_AFTER_MS (the sweep finds it). */
  z.object({ type: z.literal('unread'), profileId: ZId, conversationId: ZId, messageId: ZId, senderProfileId: ZId }),
  /** An activation, photo or profile reminder (`day`: the sweep's date, YYYY-MM-DD). */
  z.object({
    type: z.literal('reminder'),
    userId: ZId,
    reminder: z.enum(['activation', 'photo', 'profile']),
    day: z.string(),
  }),
  /** The weekly digest (`week`: ISO week, e.g. 2026-W48). */
  z.object({ type: z.literal('weekly'), userId: ZId, week: z.string() }),
  /** A promotion or news item of an operator's broadcast, in the member's language. */
  z.object({
    type: z.literal('broadcast'),
    userId: ZId,
    broadcast: z.string(),
    kind: z.enum(['promotions', 'news']),
    title: z.string(),
    body: z.string(),
    url: z.string(),
  }),
]);
export type TNotifyEvent = z.infer<typeof ZNotifyEvent>;

/** The job that turns an event into per-channel sends (fan-out). */
export const notifyEventJob = declareJob({ kind: 'notify_event', payload: ZNotifyEvent });
/** One push to one subscription (queued by the fan-out's single statement, `claimSendAndQueue`). */
export const notifyPushJob = declareJob({
  kind: 'notify_push',
  payload: z.object({ sendId: ZId, subscriptionId: ZId, event: ZNotifyEvent }),
});
/** One notification email (queued like the push jobs). */
export const notifyEmailJob = declareJob({
  kind: 'notify_email',
  payload: z.object({ sendId: ZId, event: ZNotifyEvent }),
});
