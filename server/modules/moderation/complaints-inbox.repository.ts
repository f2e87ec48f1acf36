import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { complaints, users } from '#server/db/schema/index.ts';

/** Filters of the complaints inbox; `siteIds` null = every site. */
export interface TComplaintFilter {
  status: 'open' | 'answered' | 'closed';
  siteIds: number[] | null;
  limit: number;
  offset: number;
}

/** The complaints inbox, oldest first, and the total. */
export async function listComplaints(db: TDb, f: TComplaintFilter) {
  const conditions: SQL[] = [eq(complaints.status, f.status)];
  if (f.siteIds) conditions.push(f.siteIds.length ? inArray(complaints.siteId, f.siteIds) : sql`false`);
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(complaints)
    .where(where)
    .orderBy(asc(complaints.createdAt), asc(complaints.id))
    .limit(f.limit)
    .offset(f.offset);
  const [{ total }] = await db.select({ total: count() }).from(complaints).where(where);
  return { rows, total };
}

/** One complaint. */
export async function findComplaint(db: TDb | TTx, complaintId: number) {
  const [row] = await db.select().from(complaints).where(eq(complaints.id, complaintId)).limit(1);
  return row;
}

/** Locks a complaint for a reply or a change of status. */
export async function lockComplaint(tx: TTx, complaintId: number) {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, complaintId)).for('update').limit(1);
  return row;
}

/** Stores the answer and marks the complaint answered. */
export async function saveComplaintReply(
  tx: TTx,
  complaintId: number,
  r: { reply: string; at: Date; staffId: number },
): Promise<void> {
  await tx
    .update(complaints)
    .set({ status: 'answered', reply: r.reply, repliedAt: r.at, repliedBy: r.staffId })
    .where(eq(complaints.id, complaintId));
}

/** Sets a complaint's status. */
export async function setComplaintStatus(tx: TTx, complaintId: number, status: string): Promise<void> {
  await tx.update(complaints).set({ status }).where(eq(complaints.id, complaintId));
}

/** The account a member's complaint came from: its current address (a reply goes there, like the receipt). */
export async function findComplainantAccount(tx: TTx, userId: number) {
  const [row] = await tx
    .select({ email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
