import { and, eq, lte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { dataExports, users } from '#server/db/schema/index.ts';

export type TDataExportRow = typeof dataExports.$inferSelect;

/** Locks the member's account row, so two requests of the same member take turns (one pending export at a time). */
export async function lockAccount(tx: TTx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The member's newest export, if any. */
export async function findLatestExport(db: TDb | TTx, userId: number): Promise<TDataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(sql`${dataExports.requestedAt} desc, ${dataExports.id} desc`)
    .limit(1);
  return row;
}

/** How many exports the member requested since a time, and whether one of theirs is still being built. */
export async function countExports(tx: TDb | TTx, userId: number, since: Date) {
  const [row] = await tx
    .select({
      recent: sql<number>`count(*) filter (where ${dataExports.requestedAt} >= ${since.toISOString()}::timestamptz)`,
      pending: sql<number>`count(*) filter (where ${dataExports.status} = 'pending')`,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId));
  return { recent: Number(row?.recent ?? 0), pending: Number(row?.pending ?? 0) };
}

/** Stores a new pending export request; returns its id. */
export async function insertExport(tx: TTx, userId: number, requestedAt: Date): Promise<number> {
  const [row] = await tx.insert(dataExports).values({ userId, requestedAt }).returning({ id: dataExports.id });
  return row.id;
}

/** One export by id (any owner: callers check the owner). */
export async function findExport(db: TDb | TTx, id: number): Promise<TDataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/** Marks a pending export ready with its file; false when it is no longer pending (purged, or built twice). */
export async function markExportReady(
  tx: TTx,
  id: number,
  r: { fileKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(dataExports)
    .set({ status: 'ready', ...r })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Marks a pending export failed (its build kept failing). */
export async function markExportFailed(db: TDb, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'pending')));
}

/** Ready exports whose download period ended by `now`. */
export async function findDueExports(db: TDb, now: Date): Promise<TDataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)));
}

/** Marks an export expired; its file is gone. */
export async function markExportExpired(db: TDb, id: number): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'expired', fileKey: null })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'ready')));
}

/** Deletes every export row of a member; returns the file keys they had (the caller removes the files). */
export async function deleteExportRows(db: TDb | TTx, userId: number): Promise<string[]> {
  const rows = await db
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ fileKey: dataExports.fileKey });
  return rows.flatMap((r) => (r.fileKey ? [r.fileKey] : []));
}
