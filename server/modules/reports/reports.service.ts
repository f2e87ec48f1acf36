import { isLocale, LOCALE_NAMES, type TLocale } from '#common/locales.ts';
import { type TComplaintRequest, type TReportRequest, ZComplaintRequest, ZReportRequest } from '#common/reports.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import { serverT } from '#server/lib/i18n.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TSite } from '../sites/sites.service.ts';
import {
  countComplaintsTo,
  countMessagesBetween,
  insertComplaint,
  insertReportOnce,
  isPhotoOfProfile,
  isProfileReportableBy,
  reportSiteOf,
  snapshotProfile,
} from './reports.repository.ts';
import { subHours } from 'date-fns';

/** Complaint receipts one address receives per day at most. */
const RECEIPTS_PER_DAY = 3;

export interface TComplaintContext {
  site: TSite;
  locale: TLocale;
  /** The logged-in account that sends it, if any. */
  userId: number | null;
  /** That account's email: a member's receipt goes there, whatever address the form carries. */
  accountEmail?: string | null;
}

/** Reports of profiles and photos for moderation, and complaints to support. */
export function createReportsService(core: Pick<TCore, 'db'>, deps: { mailer: TMailer }) {
  const { db } = core;
  const { mailer } = deps;

  return {
    /**
     * Stores a member's report of a profile they can see, or of one of its photos or of messages it sent them; a repeat
     * changes nothing. The profile is kept as it is now (snapshot), so staff judge what was reported.
     */
    async report(reporterProfileId: number, input: TReportRequest): Promise<void> {
      const v = parseOrThrow(ZReportRequest, input);
      if (v.profile_id === reporterProfileId) throw new AppError('invalid_request');
      // Visible profiles can be reported, and so can any member with a block between the two (block and report,
      // or a harasser who blocked first); other hidden and unknown profiles answer alike, so nothing can be probed.
      if (!(await isProfileReportableBy(db, reporterProfileId, v.profile_id))) throw new AppError('profile_not_found');
      if (v.photo_id && !(await isPhotoOfProfile(db, v.photo_id, v.profile_id))) throw new AppError('photo_not_found');
      const messageIds = [...new Set(v.message_ids ?? [])];
      // Only messages the reported member sent to the reporter: a report never reaches into another conversation.
      const pair = { senderProfileId: v.profile_id, readerProfileId: reporterProfileId };
      if (messageIds.length && (await countMessagesBetween(db, messageIds, pair)) !== messageIds.length)
        throw new AppError('invalid_request');
      await insertReportOnce(db, {
        siteId: await reportSiteOf(db, reporterProfileId, v.profile_id),
        snapshot: await snapshotProfile(db, v.profile_id),
        messageIds,
        reporterProfileId,
        profileId: v.profile_id,
        photoId: v.photo_id ?? null,
        reason: v.reason,
        message: v.message,
      });
    },

    /**
     * Stores a complaint, then emails it to the site's support address (reply-to the sender) and a receipt
     * to the sender. The row is committed first; an email that fails is queued and retried, never lost.
     */
    async fileComplaint(
      input: TComplaintRequest,
      ctx: TComplaintContext,
    ): Promise<{ id: number; mailErrors: unknown[] }> {
      const v = parseOrThrow(ZComplaintRequest, input);
      const { site } = ctx;
      const id = await insertComplaint(db, {
        siteId: site.id,
        userId: ctx.userId,
        name: v.name,
        email: v.email,
        topic: v.topic,
        message: v.message,
        locale: ctx.locale,
      });
      // The receipt repeats nothing the sender typed, and one address gets at most a few a day, so the form
      // cannot be used to mail strangers. Members get it at their own account address.
      const receiptTo = ctx.accountEmail ?? v.email;
      const recent = await countComplaintsTo(db, receiptTo, subHours(new Date(), 24));
      const receipt = recent <= RECEIPTS_PER_DAY ? receiptTo : null;
      const supportLocale = isLocale(site.domainLanguage) ? site.domainLanguage : 'en';
      const supportT = serverT(supportLocale);
      const results = await Promise.all([
        mailer.sendOrQueue({
          site,
          to: site.supportEmail,
          locale: supportLocale,
          kind: 'complaint',
          replyTo: v.email,
          vars: {
            id,
            topic: supportT(`complaints.topics.${v.topic}`),
            name: v.name,
            email: v.email,
            account: ctx.userId
              ? supportT('email.complaint.account_member', { id: ctx.userId })
              : supportT('email.complaint.account_visitor'),
            language: LOCALE_NAMES[ctx.locale],
            message: v.message,
          },
        }),
        receipt &&
          mailer.sendOrQueue({
            site,
            to: receipt,
            locale: ctx.locale,
            kind: 'complaint_receipt',
            replyTo: site.supportEmail,
            vars: { id, topic: serverT(ctx.locale)(`complaints.topics.${v.topic}`) },
          }),
      ]);
      const mailErrors = results.flatMap((r) => (!r || r.sent || r.pending ? [] : [r.error]));
      return { id, mailErrors };
    },
  };
}

export type TReportsService = ReturnType<typeof createReportsService>;
