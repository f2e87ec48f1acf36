import type { z } from 'zod';
import { isLocale, LOCALE_NAMES, type TLocale } from '../../../common/locales.ts';
import {
  type TComplaintRequest,
  type TReportRequest,
  ZComplaintRequest,
  ZReportRequest,
} from '../../../common/reports.ts';
import type { TDb } from '../../db/connect.ts';
import { AppError } from '../../lib/app-error.ts';
import { serverT } from '../../lib/i18n.ts';
import type { TMailer } from '../../mail/mailer.ts';
import type { TSite } from '../sites/sites.service.ts';
import { insertComplaint, insertReportOnce, isPhotoOfProfile, isProfileVisibleTo } from './reports.repository.ts';

export interface TComplaintContext {
  site: TSite;
  locale: TLocale;
  /** The logged-in account that sends it, if any. */
  userId: number | null;
}

/** Validates input with a shared schema; the issues carry catalogue keys for the form. */
function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError('invalid_request', { issues });
}

/** Reports of profiles and photos for moderation, and complaints to support (issue 4). */
export function createReportsService(deps: { db: TDb; mailer: TMailer }) {
  const { db, mailer } = deps;

  return {
    /** Stores a member's report of a profile they can see, or of one of its photos; a repeat changes nothing. */
    async report(reporterProfileId: number, input: TReportRequest): Promise<void> {
      const v = parse(ZReportRequest, input);
      if (v.profile_id === reporterProfileId) throw new AppError('invalid_request');
      // Hidden, unknown and blocked profiles answer alike, so a report cannot probe who exists.
      if (!(await isProfileVisibleTo(db, reporterProfileId, v.profile_id))) throw new AppError('profile_not_found');
      if (v.photo_id && !(await isPhotoOfProfile(db, v.photo_id, v.profile_id))) throw new AppError('photo_not_found');
      await insertReportOnce(db, {
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
      const v = parse(ZComplaintRequest, input);
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
        mailer.sendOrQueue({
          site,
          to: v.email,
          locale: ctx.locale,
          kind: 'complaint_receipt',
          replyTo: site.supportEmail,
          vars: { id, topic: serverT(ctx.locale)(`complaints.topics.${v.topic}`) },
        }),
      ]);
      const mailErrors = results.flatMap((r) => (r.sent ? [] : [r.error]));
      return { id, mailErrors };
    },
  };
}

export type TReportsService = ReturnType<typeof createReportsService>;
