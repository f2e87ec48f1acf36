import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TPaymentStatus } from '../../../common/payments.ts';
import type { TDb } from '../../db/connect.ts';
import { sandboxPayments } from '../../db/schema/index.ts';
import type { TCreatePayment, TPaymentProvider, TProviderPayment } from './provider.ts';

/** What the member chooses on the sandbox checkout page. */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type TSandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/**
 * The default payment provider: it plays a payment service on our own server, so every flow works offline. Its
 * records live in `sandbox_payments`; its hosted checkout page (sandbox.routes.ts) lets the member pay, fail, cancel
 * or leave the payment pending, and then reports to our webhook like a real service would.
 */
export function createSandboxProvider(db: TDb, options: { now: () => Date }) {
  const provider: TPaymentProvider & {
    find(id: string): Promise<typeof sandboxPayments.$inferSelect | undefined>;
    settle(id: string, outcome: TSandboxOutcome): Promise<typeof sandboxPayments.$inferSelect | undefined>;
  } = {
    name: 'sandbox',
    async createPayment(input: TCreatePayment) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await db.insert(sandboxPayments).values({ id, ...input });
      return { id, checkoutUrl: `/sandbox/checkout/${id}` };
    },
    async getPayment(id: string): Promise<TProviderPayment | null> {
      const row = await provider.find(id);
      if (!row) return null;
      return { id: row.id, status: row.status as TPaymentStatus, amountMinor: row.amountMinor, currency: row.currency };
    },
    async find(id: string) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1);
      return row;
    },
    /** Records the member's choice on the checkout page; a final status never changes again. */
    async settle(id: string, outcome: TSandboxOutcome) {
      const row = await provider.find(id);
      if (!row || ['paid', 'failed', 'cancelled', 'expired'].includes(row.status)) return row;
      const [updated] = await db
        .update(sandboxPayments)
        .set({ status: outcome, updatedAt: options.now() })
        .where(eq(sandboxPayments.id, id))
        .returning();
      return updated;
    },
  };
  return provider;
}

export type TSandboxProvider = ReturnType<typeof createSandboxProvider>;
