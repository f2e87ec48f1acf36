import { pageUrl } from '#common/routes.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { serverT } from '#server/lib/i18n.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TMailRequest } from '#server/mail/mailer.ts';

/**
 * What a moderation email needs of the site: its mail identity and where its links lead. Read in the transaction
 * of the decision (an embedded database has one connection: a read beside the transaction would wait for it).
 */
export type TMailSiteOf = (
  tx: TDb | TTx,
  siteId: number,
) => Promise<{ site: TMailRequest['site'] & { supportEmail: string }; origin: string } | undefined>;

/** The decided measure as the statement of reasons names it (`email.moderation_decision.action_<x>`). */
export type TStatementAction = 'warn' | 'remove_photo' | 'hide_profile' | 'suspend' | 'ban' | 'photo_reject';

/** Which content a decision concerns (`email.moderation_decision.content_<x>`). */
export type TStatementContent = 'account' | 'profile' | 'photo' | 'messages';

/** The statement of reasons (EU DSA Art. 17) for one member: what was decided, on which content, why, how to appeal. */
export interface TStatement {
  to: { userId: number; email: string; locale: string; name: string; siteId: number };
  action: TStatementAction;
  content: TStatementContent;
  reason: string;
  note: string;
  /** `report`: decided on a report; `review`: decided in the photo review. */
  basis: 'report' | 'review';
  until?: Date;
  /** The day the content was added (a photo), shown in the member's language. */
  contentDate?: Date;
}

/** Formats a moment as a date and time in the member's locale (UTC: the email names the zone). */
function formatMoment(at: Date, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** Formats a day in the member's locale. */
function formatDay(at: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(at);
}

/** Queues the moderation emails of a decision in its transaction; returns the job ids to run after commit. */
export function createModerationMail(deps: { mailer: TMailer; mailSiteOf: TMailSiteOf }) {
  const { mailer, mailSiteOf } = deps;
  return {
    /** Queues the statement of reasons to the member acted against, in their language. */
    async statement(tx: TDb | TTx, s: TStatement, now: Date): Promise<number[]> {
      const where = await mailSiteOf(tx, s.to.siteId);
      if (!where) return [];
      const { locale } = s.to;
      const id = await mailer.enqueue(
        tx,
        {
          site: where.site,
          to: s.to.email,
          locale,
          kind: 'moderation_decision',
          replyTo: where.site.supportEmail,
          userId: s.to.userId,
          vars: {
            name: s.to.name,
            action: s.action,
            content: s.content,
            reason: s.reason,
            note: s.note,
            basis: s.basis,
            until: s.until ? formatMoment(s.until, locale) : '',
            date: s.contentDate ? formatDay(s.contentDate, locale) : '',
            complaints: pageUrl(where.origin, 'complaints'),
          },
        },
        now,
      );
      return [id];
    },

    /** Queues the outcome of a report to its reporter: whether measures were taken, never which. */
    async reportOutcome(
      tx: TDb | TTx,
      r: { to: TStatement['to']; reportedAt: Date; dismissed: boolean },
      now: Date,
    ): Promise<number[]> {
      const where = await mailSiteOf(tx, r.to.siteId);
      if (!where) return [];
      const id = await mailer.enqueue(
        tx,
        {
          site: where.site,
          to: r.to.email,
          locale: r.to.locale,
          kind: 'report_outcome',
          replyTo: where.site.supportEmail,
          userId: r.to.userId,
          vars: {
            name: r.to.name,
            date: formatDay(r.reportedAt, r.to.locale),
            outcome: r.dismissed ? 'dismiss' : 'action',
            complaints: pageUrl(where.origin, 'complaints'),
          },
        },
        now,
      );
      return [id];
    },

    /** Queues the news that a photo waiting for review is now visible to others. */
    async photoApproved(tx: TDb | TTx, p: { to: TStatement['to']; addedAt: Date }, now: Date): Promise<number[]> {
      const where = await mailSiteOf(tx, p.to.siteId);
      if (!where) return [];
      const id = await mailer.enqueue(
        tx,
        {
          site: where.site,
          to: p.to.email,
          locale: p.to.locale,
          kind: 'photo_approved',
          userId: p.to.userId,
          vars: { name: p.to.name, date: formatDay(p.addedAt, p.to.locale) },
        },
        now,
      );
      return [id];
    },

    /** Queues staff's answer to a complaint, in the language the complaint was written in. */
    async complaintReply(
      tx: TDb | TTx,
      c: {
        siteId: number;
        id: number;
        userId: number | null;
        email: string;
        name: string;
        locale: string;
        topic: string;
        reply: string;
      },
      now: Date,
    ): Promise<number[]> {
      const where = await mailSiteOf(tx, c.siteId);
      if (!where) return [];
      const id = await mailer.enqueue(
        tx,
        {
          site: where.site,
          to: c.email,
          locale: c.locale,
          kind: 'complaint_reply',
          replyTo: where.site.supportEmail,
          userId: c.userId ?? undefined,
          vars: { id: c.id, name: c.name, topic: serverT(c.locale)(`complaints.topics.${c.topic}`), note: c.reply },
        },
        now,
      );
      return [id];
    },
  };
}

export type TModerationMail = ReturnType<typeof createModerationMail>;
