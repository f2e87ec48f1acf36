import { type TReportDecision, ZReportDecision } from '#common/moderation.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import { deletePhoto } from '../photos/photos.repository.ts';
import { photoUrls, type TPhotoKeys, type TPhotoStore } from '../photos/photo-store.ts';
import type { TAudit } from './audit.ts';
import type { TAfterBan, TBansService } from './bans.service.ts';
import type { TModerationMail } from './moderation-mail.ts';
import {
  findContactOfProfile,
  findReport,
  findReportEvidence,
  hideProfile,
  listReports,
  lockReport,
  markReportDecided,
  type TReportFilter,
} from './report-queue.repository.ts';

export interface TReportQueueDeps {
  bans: Pick<TBansService, 'banInTx' | 'afterBan'>;
  mail: TModerationMail;
  audit: TAudit;
  store: Pick<TPhotoStore, 'remove'>;
  jobs: Pick<TJobRunner, 'runNow'>;
}

/** What a decision leaves to do after its transaction: files to remove, sessions to end, emails to send. */
type TAfterDecision = { photoKeys?: TPhotoKeys; ban?: TAfterBan; mailJobs: number[] };

/**
 * The reports queue (issue 30): open reports oldest first with their evidence (the snapshot taken at report time, the
 * reported photo, only the reported messages), and staff decisions: dismiss, warn, remove a photo, hide the profile,
 * suspend, ban. Each decision is audited; the reporter is told the outcome and the member acted against gets a
 * statement of reasons in their language (EU DSA Art. 16(5) and 17).
 */
export function createReportQueueService(core: Pick<TCore, 'db' | 'now' | 'log'>, deps: TReportQueueDeps) {
  const { db, now, log } = core;
  const { bans, mail, audit, store, jobs } = deps;

  /** Applies the action to the reported member or content; returns what to do after commit and the statement's mails. */
  async function act(tx: TTx, report: { id: number; profileId: number; photoId: string | null }, d: TDecision) {
    const after: TAfterDecision = { mailJobs: [] };
    const member = await findContactOfProfile(tx, report.profileId);
    const at = now();
    if (d.action === 'dismiss') return after;
    if ((d.action === 'suspend' || d.action === 'ban') && !member) throw new AppError('invalid_request');
    if (d.action === 'suspend' || d.action === 'ban') {
      const content = report.photoId ? 'photo' : 'profile';
      after.ban = await bans.banInTx(tx, {
        userId: member!.userId,
        staffId: d.staffId,
        reason: d.reason,
        note: d.note,
        until: d.action === 'suspend' ? d.until : undefined,
        content,
        reportId: report.id,
      });
      return after;
    }
    if (d.action === 'remove_photo') {
      const photoId = d.photoId ?? report.photoId;
      const keys = photoId ? await deletePhoto(tx, report.profileId, photoId) : null;
      if (!keys) throw new AppError('photo_not_found');
      after.photoKeys = keys;
    }
    if (d.action === 'hide_profile') await hideProfile(tx, report.profileId);
    if (member) {
      const content = d.action === 'remove_photo' ? 'photo' : 'profile';
      const to = { ...member, name: member.name };
      after.mailJobs.push(
        ...(await mail.statement(
          tx,
          { to, action: d.action, content, reason: d.reason, note: d.note, basis: 'report' },
          at,
        )),
      );
    }
    return after;
  }

  type TDecision = ReturnType<typeof ZReportDecision.parse> & { staffId: number };

  return {
    /** The queue page: reports oldest first, filtered by status, reason and the sites the staff member may see. */
    list: (filter: TReportFilter) => listReports(db, filter),

    /** A report with its evidence; undefined when there is no such report. */
    async evidence(reportId: number) {
      const report = await findReport(db, reportId);
      if (!report) return undefined;
      const found = await findReportEvidence(db, report);
      const photo = found.photo && { id: found.photo.id, ...photoUrls(found.photo, '', false) };
      return { report, photo, messages: found.messages };
    },

    /** The site of a report (for the staff member's site check); undefined when unknown, null for no site. */
    async siteOf(reportId: number): Promise<number | null | undefined> {
      return (await findReport(db, reportId))?.siteId;
    },

    /** Decides an open report: applies the action, audits it, and tells the reporter and the member concerned. */
    async decide(input: TReportDecision, staffId: number): Promise<void> {
      const v = parseOrThrow(ZReportDecision, input);
      const decision: TDecision = { ...v, staffId };
      const after = await db.transaction(async (tx) => {
        const report = await lockReport(tx, v.reportId);
        if (!report) throw new AppError('not_found');
        if (report.status !== 'open') throw new AppError('report_decided');
        const done = await act(tx, report, decision);
        const at = now();
        await markReportDecided(tx, report.id, { decision: v.action, note: v.note, at, staffId });
        await audit(tx, {
          staffId,
          action: `report.${v.action}`,
          siteId: report.siteId,
          userId: (await findContactOfProfile(tx, report.profileId))?.userId ?? null,
          subject: `report:${report.id}`,
          before: { status: report.status },
          after: { status: 'decided', decision: v.action, reason: v.reason, note: v.note, until: v.until ?? null },
        });
        const reporter = await findContactOfProfile(tx, report.reporterProfileId);
        if (reporter && reporter.status !== 'deleted' && reporter.status !== 'purged') {
          const to = { ...reporter };
          const outcome = { to, reportedAt: report.createdAt, dismissed: v.action === 'dismiss' };
          done.mailJobs.push(...(await mail.reportOutcome(tx, outcome, at)));
        }
        return done;
      });
      if (after.photoKeys) {
        await store.remove(after.photoKeys).catch((err: unknown) => log.warn({ err }, 'removed photo files stay'));
      }
      if (after.ban) await bans.afterBan(after.ban);
      if (after.mailJobs.length) await jobs.runNow(after.mailJobs);
    },
  };
}

export type TReportQueueService = ReturnType<typeof createReportQueueService>;
