import { randomUUID } from 'node:crypto';
import type { TBroadcastKind, TBroadcastMessages, TBroadcastText } from '#common/broadcast.ts';
import { LOCALES, type TLocale } from '#common/locales.ts';
import { pageUrl } from '#common/routes.ts';
import { DAY_MS } from '#common/time.ts';
import type { TCore } from '#server/core.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { renderNotificationEmail } from '../notifications/email/notification-email.ts';
import { queueBroadcast } from '../notifications/notifier/notify-sweep.job.ts';
import type { TSite } from '../sites/sites.service.ts';
import { siteText } from '../sites/settings.service.ts';
import {
  countBroadcastAudience,
  countQueueByKind,
  countSendsByKind,
  findFailedJob,
  listFailedJobs,
  requeueFailedJob,
} from './ops.repository.ts';

/** Failed jobs counted in the queue figures: those of the last 30 days (older ones stay listed). */
const FAILED_FIGURES_DAYS = 30;

/** An audit entry as the console records it (server/modules/staff/audit.repository.ts). */
export interface TOpsAuditEntry {
  staffId: number;
  action: string;
  siteId?: number | null;
  userId?: number | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

/** What the operations service needs besides the core. */
export interface TOpsDeps {
  /** The job kinds whose stored payload is whole after a failure, so a retry can run it (no `scrub` policy). */
  retryableKinds: ReadonlySet<string>;
  /** Records a staff action in the caller's transaction. */
  recordAudit: (tx: TDb | TTx, entry: TOpsAuditEntry) => Promise<unknown>;
  /** A site by id. */
  siteById: (id: number) => Promise<TSite | undefined>;
  /** The origin of links in a site's emails. */
  originOf: (site: TSite) => string;
}

/** One locale's rendered broadcast email, as the member of that locale would get it. */
export interface TBroadcastPreview {
  locale: TLocale;
  /** The locale whose text it shows (`en` for a locale without its own). */
  textLocale: TLocale;
  subject: string;
  html: string;
  text: string;
}

/**
 * The console's operations (issue 30, "Jobs"): queue depth per kind, failed jobs and their retry, notification sends
 * per kind, and broadcasts of promotions and news through the existing broadcast job, with a preview and a count.
 * Lists take the staff member's sites (`null` = every site); the routes check a named site or job first.
 */
export function createOpsService({ db, now, log }: TCore, deps: TOpsDeps) {
  async function siteOrThrow(siteId: number): Promise<TSite> {
    const site = await deps.siteById(siteId);
    if (!site) throw new AppError('not_found');
    return site;
  }

  /** Renders a broadcast's email for one locale (with the text members of that locale get). */
  function renderPreview(site: TSite, locale: TLocale, content: TBroadcastText & { kind: TBroadcastKind }) {
    const origin = deps.originOf(site);
    // A preview's links lead nowhere that acts: the unsubscribe page without a token only explains.
    const links = {
      open: content.url,
      unsubscribe: pageUrl(origin, 'unsubscribe'),
      settings: pageUrl(origin, 'notifications'),
    };
    const delivery = {
      content,
      locale,
      site: {
        id: site.id,
        name: site.name,
        domain: site.domain,
        mailName: site.mailName,
        supportEmail: site.supportEmail,
      },
      fictionalWarning: siteText(site, 'fictionalWarning', locale),
      badge: 0,
    };
    return renderNotificationEmail(delivery, links);
  }

  /** Members a broadcast of a kind reaches on a site, in total and per locale. */
  async function audience(siteId: number, kind: TBroadcastKind) {
    await siteOrThrow(siteId);
    const perLocale = await countBroadcastAudience(db, { siteId, kind });
    return { total: perLocale.reduce((sum, l) => sum + l.members, 0), perLocale };
  }

  return {
    /** Jobs per kind: due, running, waiting for a retry, scheduled, and failed in the last 30 days. */
    queue(siteIds: readonly number[] | null) {
      const at = now();
      const failedSince = new Date(at.getTime() - FAILED_FIGURES_DAYS * DAY_MS);
      return countQueueByKind(db, { now: at, failedSince, siteIds });
    },

    /** A page of failed jobs with their reason and whether a retry can run them; never their payload. */
    async failedJobs(q: { siteIds: readonly number[] | null; kind?: string; page: number; pageSize: number }) {
      const { rows, total } = await listFailedJobs(db, {
        siteIds: q.siteIds,
        kind: q.kind,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      return { total, jobs: rows.map((r) => ({ ...r, retryable: deps.retryableKinds.has(r.kind) })) };
    },

    /** A failed job's site (its member's; null for a platform job), for the route's access check; 404 when none. */
    async failedJobSite(jobId: number): Promise<number | null> {
      const job = await findFailedJob(db, jobId);
      if (!job) throw new AppError('not_found');
      return job.siteId;
    },

    /**
     * Puts a failed job back in the queue as a fresh one, audited in the same transaction. Kinds whose payload was
     * scrubbed when they failed (an email's single-use link) cannot run again: the console offers the member's own
     * action instead (resend the activation, send a reset link).
     */
    async retryJob(staffId: number, jobId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const job = await findFailedJob(tx, jobId);
        if (!job) throw new AppError('not_found');
        if (!deps.retryableKinds.has(job.kind)) throw new AppError('invalid_request');
        if (!(await requeueFailedJob(tx, { id: jobId, now: now() }))) throw new AppError('not_found');
        await deps.recordAudit(tx, {
          staffId,
          action: 'job.retry',
          siteId: job.siteId,
          userId: job.userId,
          subject: `job:${job.id}`,
          before: { kind: job.kind, attempts: job.attempts, lastError: job.lastError, failedAt: job.failedAt },
          after: { kind: job.kind, attempts: 0, runAt: now() },
        });
      });
      log.info({ jobId, staffId }, 'failed job retried');
    },

    /** Notification sends per kind, channel and status in the last 7 and 30 days. */
    sends(siteIds: readonly number[] | null) {
      const at = now().getTime();
      return countSendsByKind(db, {
        since7: new Date(at - 7 * DAY_MS),
        since30: new Date(at - 30 * DAY_MS),
        siteIds,
      });
    },

    audience,

    /** The broadcast's email as members of each locale would get it (their own text, else the English one). */
    async preview(siteId: number, kind: TBroadcastKind, messages: TBroadcastMessages): Promise<TBroadcastPreview[]> {
      const site = await siteOrThrow(siteId);
      return LOCALES.map((locale) => {
        const textLocale: TLocale = messages[locale] ? locale : 'en';
        const text = messages[textLocale];
        if (!text) throw new AppError('invalid_request');
        return { locale, textLocale, ...renderPreview(site, locale, { kind, ...text }) };
      });
    },

    /** Queues the broadcast through the existing broadcast job and records it; returns its id and the audience. */
    async sendBroadcast(staffId: number, b: { siteId: number; kind: TBroadcastKind; messages: TBroadcastMessages }) {
      const broadcast = randomUUID();
      const { total } = await audience(b.siteId, b.kind);
      const messages = b.messages as Record<string, TBroadcastText>;
      await db.transaction(async (tx) => {
        await queueBroadcast(tx, { broadcast, siteId: b.siteId, kind: b.kind, messages }, now());
        await deps.recordAudit(tx, {
          staffId,
          action: 'broadcast.send',
          siteId: b.siteId,
          subject: `broadcast:${broadcast}`,
          after: { kind: b.kind, locales: Object.keys(messages), recipients: total, title: messages.en?.title },
        });
      });
      log.info({ broadcast, siteId: b.siteId, kind: b.kind, staffId }, 'broadcast queued from the console');
      return { broadcast, recipients: total };
    },
  };
}

export type TOpsService = ReturnType<typeof createOpsService>;
