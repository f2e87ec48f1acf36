import { z } from 'zod';
import { COMPLAINT_REPLY_MAX, COMPLAINT_STATUSES, type TComplaintStatus } from '#common/moderation.ts';
import { zText } from '#common/text.ts';
import type { TCore } from '#server/core.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import type { TAudit } from './audit.ts';
import {
  findComplainantAccount,
  findComplaint,
  listComplaints,
  lockComplaint,
  saveComplaintReply,
  setComplaintStatus,
  type TComplaintFilter,
} from './complaints-inbox.repository.ts';
import type { TModerationMail } from './moderation-mail.ts';

const ZReply = zText().trim().min(1).max(COMPLAINT_REPLY_MAX);

/** The complaints of the /complaints form as an inbox (open, answered, closed) with replies emailed to the sender. */
export function createComplaintsInboxService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { mail: TModerationMail; audit: TAudit; jobs: Pick<TJobRunner, 'runNow'> },
) {
  const { db, now } = core;
  const { mail, audit, jobs } = deps;

  return {
    /** The inbox, oldest first. */
    list: (filter: TComplaintFilter) => listComplaints(db, filter),

    /** One complaint; undefined when there is none. */
    get: (complaintId: number) => findComplaint(db, complaintId),

    /**
     * Answers a complaint: the reply is stored, emailed to the sender in the language they wrote in, and audited. A
     * member's complaint is answered at their account's address (as its receipt was), whatever the form carried.
     */
    async reply(complaintId: number, text: string, staffId: number): Promise<void> {
      const reply = parseOrThrow(ZReply, text);
      const at = now();
      const mailJobs = await db.transaction(async (tx) => {
        const c = await lockComplaint(tx, complaintId);
        if (!c) throw new AppError('not_found');
        await saveComplaintReply(tx, c.id, { reply, at, staffId });
        await audit(tx, {
          staffId,
          action: 'complaint.reply',
          siteId: c.siteId,
          userId: c.userId,
          subject: `complaint:${c.id}`,
          before: { status: c.status, reply: c.reply },
          after: { status: 'answered', reply },
        });
        const account = c.userId ? await findComplainantAccount(tx, c.userId) : undefined;
        const email = account && account.status !== 'purged' ? account.email : c.email;
        const { siteId, id, userId, name, locale, topic } = c;
        return mail.complaintReply(tx, { siteId, id, userId, email, name, locale, topic, reply }, at);
      });
      if (mailJobs.length) await jobs.runNow(mailJobs);
    },

    /** Closes or reopens a complaint (audited). */
    async setStatus(complaintId: number, status: TComplaintStatus, staffId: number): Promise<void> {
      const next = parseOrThrow(z.enum(COMPLAINT_STATUSES), status);
      await db.transaction(async (tx) => {
        const c = await lockComplaint(tx, complaintId);
        if (!c) throw new AppError('not_found');
        await setComplaintStatus(tx, c.id, next);
        await audit(tx, {
          staffId,
          action: 'complaint.status',
          siteId: c.siteId,
          userId: c.userId,
          subject: `complaint:${c.id}`,
          before: { status: c.status },
          after: { status: next },
        });
      });
    },
  };
}

export type TComplaintsInboxService = ReturnType<typeof createComplaintsInboxService>;
