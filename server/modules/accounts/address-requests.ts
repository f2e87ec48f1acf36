import { z } from 'zod';
import { ZEmail } from '#common/accounts.ts';
import type { TDb } from '#server/db/connect.ts';
import { declareJob } from '#server/jobs/define-job.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TSite } from '../sites/sites.service.ts';
import { findUserByEmail } from './accounts.repository.ts';

/** What a request job carries: the site, the address typed and the origin of the links (emptied once run). */
export const ZAddressRequest = z.object({
  site: z.object({
    id: z.number(),
    name: z.string(),
    domain: z.string(),
    mailName: z.string(),
    supportEmail: z.string(),
  }),
  email: z.string(),
  origin: z.string(),
});
export type TAddressRequest = z.infer<typeof ZAddressRequest>;

/** The durable job that looks up the address of a reset request and emails it, if it has an account. */
export const resetRequestJob = declareJob({ kind: 'password_reset_request', payload: ZAddressRequest });
/** The job a reactivation link request becomes (answered the same for every address, like the reset request). */
export const reactivationRequestJob = declareJob({ kind: 'reactivation_request', payload: ZAddressRequest });

/** The requests about an email address that are answered alike for every address. */
export type TAddressRequestJob = typeof resetRequestJob | typeof reactivationRequestJob;

/** A request job keeps nothing of the address once it ends. */
export const ADDRESS_REQUEST_POLICY = { scrub: () => ({}) };

/** The account a request's address belongs to, as the request job finds it. */
export type TAddressOwner = NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>;

/**
 * Requests about an email address (password reset, reactivation). Who is a member never leaks: the request only
 * queues a durable job with the address, the same single insert whether an account uses it or not, and answers at
 * once. Nothing runs after the answer: the job loop (every 10 s) looks the address up, so work only a known address
 * causes is never tied to the request, neither in its answer nor in the next request's (on the embedded database one
 * connection serves both). Only a malformed address is refused.
 */
export function createAddressRequests({
  db,
  jobs,
  now,
}: {
  db: TDb;
  jobs: Pick<TJobRunner, 'runNow'>;
  now: () => Date;
}) {
  return {
    /** Queues a request as its job; refuses only a malformed address. */
    async queue(job: TAddressRequestJob, r: { site: TSite; email: string; origin: string }): Promise<void> {
      const email = ZEmail.safeParse(r.email);
      if (!email.success) {
        throw new AppError('invalid_request', { issues: [{ path: 'email', message: 'validation.email_invalid' }] });
      }
      const { id, name, domain, mailName, supportEmail } = r.site;
      const payload: TAddressRequest = {
        site: { id, name, domain, mailName, supportEmail },
        email: email.data,
        origin: r.origin,
      };
      await job.enqueue(db, payload, { runAt: now(), createdAt: now() });
    },

    /**
     * Runs a request job: finds the account of the address and, when `answer` decides it is one this request is for,
     * lets it queue its email (returning the mail job, run at once) or nothing. An address without an account does
     * nothing: the requester was answered the same either way.
     */
    async run(
      request: TAddressRequest,
      answer: (request: TAddressRequest, owner: TAddressOwner) => Promise<number | undefined>,
    ): Promise<void> {
      const owner = await findUserByEmail(db, request.site.id, request.email);
      if (!owner) return;
      const mail = await answer(request, owner);
      if (mail !== undefined) await jobs.runNow([mail]);
    },
  };
}

export type TAddressRequests = ReturnType<typeof createAddressRequests>;
