import { z } from 'zod';
import { declareJob, type TJobPolicy } from '../jobs/define-job.ts';
import { EMAIL_KINDS } from './templates.ts';
import { HOUR_MS } from '#common/time.ts';

/** What an email needs of its site (name, domain, sender), as stored in a queued job's payload. */
export const ZMailSite = z.object({
  id: z.number(),
  name: z.string(),
  domain: z.string(),
  mailName: z.string(),
  supportEmail: z.string(),
});

/** An email to render and send, as queued in a `send_mail` job's payload. */
export const ZMailRequest = z.object({
  site: ZMailSite,
  to: z.string(),
  locale: z.string(),
  kind: z.enum(EMAIL_KINDS),
  vars: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Where replies go when not to the sender (SMTP only; the dev mailbox does not keep it). */
  replyTo: z.string().optional(),
  /** The member the email is about: counted by `countSentSince` (per-member daily limits). */
  userId: z.number().optional(),
});
export type TMailRequest = z.infer<typeof ZMailRequest>;

/** A transactional email that could not go out at once, or was queued in the transaction of its change. */
export const SEND_MAIL_JOB = declareJob({ kind: 'send_mail', payload: ZMailRequest });

/** A queued email that keeps failing temporarily (4xx, timeouts, refused connections) is given up after this long. */
export const MAIL_GIVE_UP_AFTER_MS = 48 * HOUR_MS;

/** What a sent or failed email keeps in the jobs table: its kind and the recipient's domain, never its link. */
export function scrubMailPayload(payload: Record<string, unknown>): Record<string, unknown> {
  const to = typeof payload.to === 'string' ? payload.to : '';
  return { kind: payload.kind, toDomain: to.slice(to.lastIndexOf('@') + 1) };
}

/** How `send_mail` jobs are retried: up to 48 hours, at most an hour apart; done or failed, no link is kept. */
export const SEND_MAIL_POLICY: TJobPolicy = {
  giveUpAfterMs: MAIL_GIVE_UP_AFTER_MS,
  maxBackoffMs: HOUR_MS,
  scrub: scrubMailPayload,
};
