import { and, eq } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import { sandboxMandates, sandboxPayments } from '#server/db/schema/index.ts';

/** The built-in fake payment service's own records (sandbox.provider.ts); no other module reads them. */
export type TSandboxPaymentRow = typeof sandboxPayments.$inferSelect;
export type TSandboxMandateRow = typeof sandboxMandates.$inferSelect;

/** Finds a sandbox payment by id. */
export async function findSandboxPayment(db: TDb, id: string): Promise<TSandboxPaymentRow | undefined> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
  return row;
}

/** Stores a new sandbox payment. */
export async function insertSandboxPayment(db: TDb, payment: typeof sandboxPayments.$inferInsert): Promise<void> {
  await db.insert(sandboxPayments).values(payment);
}

/** Sets a sandbox payment's status (and mandate, when given); returns the updated row. */
export async function setSandboxPaymentStatus(
  db: TDb,
  { id, now, ...change }: { id: string; status: string; mandateId?: string | null; now: Date },
): Promise<TSandboxPaymentRow | undefined> {
  const [row] = await db
    .update(sandboxPayments)
    .set({ ...change, updatedAt: now })
    .where(eq(sandboxPayments.id, id))
    .returning();
  return row;
}

/** Marks a paid sandbox payment as charged back by the payer's bank (a payment not paid stays as it is). */
export async function chargeBackSandboxPayment(db: TDb, id: string, now: Date): Promise<void> {
  await db
    .update(sandboxPayments)
    .set({ chargedBack: true, updatedAt: now })
    .where(and(eq(sandboxPayments.id, id), eq(sandboxPayments.status, 'paid')));
}

/** Finds a sandbox mandate by id. */
export async function findSandboxMandate(db: TDb, id: string): Promise<TSandboxMandateRow | undefined> {
  const [row] = await db.select().from(sandboxMandates).where(eq(sandboxMandates.id, id)).limit(1);
  return row;
}

/** Stores a new sandbox mandate; returns it. */
export async function insertSandboxMandate(
  db: TDb,
  mandate: typeof sandboxMandates.$inferInsert,
): Promise<TSandboxMandateRow> {
  const [row] = await db.insert(sandboxMandates).values(mandate).returning();
  return row;
}

/** Deletes a sandbox mandate (revoked). */
export async function deleteSandboxMandate(db: TDb, id: string): Promise<void> {
  await db.delete(sandboxMandates).where(eq(sandboxMandates.id, id));
}
