import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { auditLog, staff } from '#server/db/schema/index.ts';

/** One staff action as recorded: who (null: the system), what, about which site, member or thing, before and after. */
export interface TAuditEntry {
  staffId: number | null;
  action: string;
  siteId?: number | null;
  userId?: number | null;
  subject?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Records an audit entry in the transaction of the change (services get `recordAudit` injected as this). */
export type TAuditFn = (tx: TTx, entry: TAuditEntry) => Promise<void>;

/**
 * Records a staff action. Call it with the transaction that makes the change, so the change and its record land
 * together or not at all.
 */
export async function recordAudit(db: TDb | TTx, entry: TAuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    siteId: entry.siteId ?? null,
    userId: entry.userId ?? null,
    subject: entry.subject ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Filters of the audit log (owners), newest first, paged by id. */
export interface TAuditFilter {
  staffId?: number;
  action?: string;
  siteId?: number;
  userId?: number;
  /** Only sites a site-limited viewer may see (null = all). */
  siteIds?: number[] | null;
  since?: Date;
  /** Entries older than this id (the last id of the previous page). */
  before?: number;
  limit: number;
  /** Entries to skip (a member's page pages its audit entries by count). */
  offset?: number;
}

export type TAuditRow = {
  id: number;
  at: Date;
  staffId: number | null;
  staffName: string | null;
  action: string;
  siteId: number | null;
  userId: number | null;
  subject: string | null;
  before: unknown;
  after: unknown;
};

/** The conditions of an audit filter. */
function auditWhere(filter: Omit<TAuditFilter, 'limit' | 'offset'>) {
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action) where.push(eq(auditLog.action, filter.action));
  if (filter.siteId !== undefined) where.push(eq(auditLog.siteId, filter.siteId));
  if (filter.siteIds) where.push(inArray(auditLog.siteId, filter.siteIds));
  if (filter.userId !== undefined) where.push(eq(auditLog.userId, filter.userId));
  if (filter.since) where.push(gte(auditLog.at, filter.since));
  if (filter.before !== undefined) where.push(lt(auditLog.id, filter.before));
  return and(...where);
}

/** How many audit entries match the filter. */
export async function countAudit(db: TDb, filter: Omit<TAuditFilter, 'limit' | 'offset'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(filter));
  return row?.n ?? 0;
}

/** A page of audit entries matching the filter, newest first. */
export async function findAudit(db: TDb, filter: TAuditFilter): Promise<TAuditRow[]> {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffName: staff.name,
      action: auditLog.action,
      siteId: auditLog.siteId,
      userId: auditLog.userId,
      subject: auditLog.subject,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(auditWhere(filter))
    .orderBy(desc(auditLog.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}
