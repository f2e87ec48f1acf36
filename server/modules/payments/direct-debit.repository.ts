import { and, eq, gte, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { directDebitRequests, users } from '#server/db/schema/index.ts';

/** A direct debit request row (the form's mandate, waiting for its SMS code). */
export type TDirectDebitRequestRow = typeof directDebitRequests.$inferSelect;
/** A new direct debit request row. */
export type TNewDirectDebitRequest = typeof directDebitRequests.$inferInsert;

/** Locks the member row; answers whether the member is blocked for direct debit. */
export async function lockDirectDebitBlocked(tx: Pick<TDb, 'select'>, userId: number): Promise<boolean> {
  const [member] = await tx
    .select({ blocked: users.directDebitBlocked })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return member.blocked;
}

/** No more direct debits for this member (spec §9 'blocked'). */
export async function blockDirectDebit(tx: TDb | TTx, userId: number) {
  await tx.update(users).set({ directDebitBlocked: true }).where(eq(users.id, userId));
}

/** How many SMS codes the member asked for since a date. */
export async function countCodeRequests(tx: TTx, userId: number, since: Date): Promise<number> {
  const [{ sent }] = await tx
    .select({ sent: sql<number>`count(*)::int` })
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.userId, userId), gte(directDebitRequests.createdAt, since)));
  return sent;
}

/** Inserts a request; answers the row. */
export async function insertDirectDebitRequest(tx: TTx, request: TNewDirectDebitRequest) {
  const [row] = await tx.insert(directDebitRequests).values(request).returning();
  return row;
}

/** Locks one of the member's requests. */
export async function lockDirectDebitRequest(tx: TTx, userId: number, requestId: string) {
  const [request] = await tx
    .select()
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.id, requestId), eq(directDebitRequests.userId, userId)))
    .for('update');
  return request as TDirectDebitRequestRow | undefined;
}

/** Records how many wrong codes a request has seen. */
export async function setRequestAttempts(tx: TTx, requestId: string, attempts: number) {
  await tx.update(directDebitRequests).set({ attempts }).where(eq(directDebitRequests.id, requestId));
}

/** Records the payment a request started. */
export async function setRequestPayment(tx: TTx, requestId: string, paymentId: string) {
  await tx.update(directDebitRequests).set({ paymentId }).where(eq(directDebitRequests.id, requestId));
}
