import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { hostLeases, staff } from '#server/db/schema/index.ts';

export type TLeaseRow = { conversationId: number; staffId: number; staffName: string; expiresAt: Date };

/** The lease on a conversation that has not expired, if any. */
export async function findLease(db: TDb | TTx, chatId: number, at: Date): Promise<TLeaseRow | undefined> {
  const [row] = await db
    .select({
      conversationId: hostLeases.conversationId,
      staffId: hostLeases.staffId,
      staffName: staff.name,
      expiresAt: hostLeases.expiresAt,
    })
    .from(hostLeases)
    .innerJoin(staff, eq(staff.id, hostLeases.staffId))
    .where(and(eq(hostLeases.conversationId, chatId), gt(hostLeases.expiresAt, at)))
    .limit(1);
  return row;
}

/**
 * Claims a conversation for a staff member until `expiresAt`, atomically: a new lease, the staff member's own lease
 * renewed, or an expired one taken over. Returns false when another staff member holds it.
 */
export async function claimLease(
  db: TDb | TTx,
  lease: { chatId: number; staffId: number; at: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(hostLeases)
    .values({ conversationId: lease.chatId, staffId: lease.staffId, expiresAt: lease.expiresAt })
    .onConflictDoUpdate({
      target: hostLeases.conversationId,
      set: { staffId: lease.staffId, expiresAt: lease.expiresAt },
      setWhere: sql`${hostLeases.expiresAt} <= ${lease.at.toISOString()}::timestamptz or ${hostLeases.staffId} = ${lease.staffId}`,
    })
    .returning({ id: hostLeases.conversationId });
  return rows.length > 0;
}

/** Ends a staff member's lease on a conversation (another's stays). */
export async function releaseLease(db: TDb | TTx, chatId: number, staffId: number): Promise<void> {
  await db.delete(hostLeases).where(and(eq(hostLeases.conversationId, chatId), eq(hostLeases.staffId, staffId)));
}

/** Ends every lease a staff member holds except on one conversation (moving on to the next one). */
export async function releaseOtherLeases(db: TDb | TTx, staffId: number, keepChatId: number): Promise<void> {
  await db
    .delete(hostLeases)
    .where(and(eq(hostLeases.staffId, staffId), sql`${hostLeases.conversationId} <> ${keepChatId}`));
}

/**
 * Holds the lease for the reply's transaction: locks the staff member's unexpired lease on the conversation and
 * renews it. False when they do not hold it (never claimed, expired, or taken over).
 */
export async function holdLease(
  tx: TTx,
  lease: { chatId: number; staffId: number; at: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await tx
    .update(hostLeases)
    .set({ expiresAt: lease.expiresAt })
    .where(
      and(
        eq(hostLeases.conversationId, lease.chatId),
        eq(hostLeases.staffId, lease.staffId),
        gt(hostLeases.expiresAt, lease.at),
      ),
    )
    .returning({ id: hostLeases.conversationId });
  return rows.length > 0;
}
