import { aliasedTable, and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { messages, photos, profiles, reports, users } from '#server/db/schema/index.ts';

/** Filters of the reports queue; `siteIds` null = every site (a staff member limited to sites passes theirs). */
export interface TReportFilter {
  status: 'open' | 'decided';
  reason?: string;
  siteIds: number[] | null;
  limit: number;
  offset: number;
}

const reporter = aliasedTable(profiles, 'reporter');

/** One line of the queue. */
export type TReportLine = Awaited<ReturnType<typeof listReports>>['rows'][number];

/** The reports queue, oldest first, with the reported and the reporting profile's names, and the total. */
export async function listReports(db: TDb, f: TReportFilter) {
  const conditions: SQL[] = [eq(reports.status, f.status)];
  if (f.reason) conditions.push(eq(reports.reason, f.reason));
  if (f.siteIds) conditions.push(f.siteIds.length ? inArray(reports.siteId, f.siteIds) : eq(reports.id, -1));
  const where = and(...conditions);
  const rows = await db
    .select({
      id: reports.id,
      createdAt: reports.createdAt,
      siteId: reports.siteId,
      reason: reports.reason,
      message: reports.message,
      status: reports.status,
      decision: reports.decision,
      profileId: reports.profileId,
      profileName: profiles.name,
      isFictional: profiles.isFictional,
      photoId: reports.photoId,
      messageCount: reports.messageIds,
      reporterProfileId: reports.reporterProfileId,
      reporterName: reporter.name,
    })
    .from(reports)
    .innerJoin(profiles, eq(profiles.id, reports.profileId))
    .innerJoin(reporter, eq(reporter.id, reports.reporterProfileId))
    .where(where)
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db.select({ total: count() }).from(reports).where(where);
  return { rows: rows.map(({ messageCount, ...r }) => ({ ...r, messageCount: messageCount.length })), total };
}

/** A report row (for its site check and its decision). */
export async function findReport(db: TDb | TTx, reportId: number) {
  const [row] = await db.select().from(reports).where(eq(reports.id, reportId)).limit(1);
  return row;
}

/** Locks a report for its decision. */
export async function lockReport(tx: TTx, reportId: number) {
  const [row] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update').limit(1);
  return row;
}

/** The evidence of a report: the reported photo as it is now (if it still exists) and only the reported messages. */
export async function findReportEvidence(db: TDb, report: { photoId: string | null; messageIds: number[] }) {
  const [photo] = report.photoId
    ? await db
        .select({ id: photos.id, fileKey: photos.fileKey, censoredKey: photos.censoredKey, status: photos.status })
        .from(photos)
        .where(eq(photos.id, report.photoId))
        .limit(1)
    : [];
  const reported = report.messageIds.length
    ? await db
        .select({ id: messages.id, kind: messages.kind, body: messages.body, createdAt: messages.createdAt })
        .from(messages)
        .where(inArray(messages.id, report.messageIds))
        .orderBy(asc(messages.id))
    : [];
  return { photo, messages: reported };
}

/** Records the decision of a report. */
export async function markReportDecided(
  tx: TTx,
  reportId: number,
  d: { decision: string; note: string; at: Date; staffId: number },
): Promise<void> {
  await tx
    .update(reports)
    .set({ status: 'decided', decision: d.decision, decisionNote: d.note, decidedAt: d.at, decidedBy: d.staffId })
    .where(eq(reports.id, reportId));
}

/** A member's contact for a moderation email: account, address, language, name and site. */
export async function findContactOfProfile(db: TDb | TTx, profileId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      siteId: users.siteId,
      status: users.status,
      name: profiles.name,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.profileId, profileId))
    .limit(1);
  return row;
}

/** Hides a profile from everyone (staff): it leaves every list and its page answers as not found. */
export async function hideProfile(tx: TTx, profileId: number): Promise<void> {
  await tx
    .update(profiles)
    .set({ status: 'hidden' })
    .where(and(eq(profiles.id, profileId), eq(profiles.status, 'active')));
}
