import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { reversePayment } from './payment-webhook.service.ts';
import { lockCreditsWithRefundDays, lockPayment, type TPaymentRow } from './payments.repository.ts';
import type { TPaymentProvider } from './provider.ts';
import { DAY_MS } from '#common/time.ts';

/** Refunds by support (`npm run refund -- <payment id>`, spec §3 refund_days). */
export function createRefundsService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { provider: TPaymentProvider; realtime: Pick<TRealtimeHub, 'publish'> },
) {
  const { db, now } = core;
  const { provider, realtime } = deps;
  return {
    /**
     * Refunds a paid purchase (support, spec §3 refund_days): only within the site's `refund_days` of the payment and
     * only while the purchased credits are unused (the return policy refunds unused credits). Appends the reversal
     * to the ledger; the member stays premium only with another paid purchase. Refunding twice is refused. `within`
     * runs inside the refund's transaction (the console records its audit entry there).
     */
    async refund(
      paymentId: string,
      within?: (tx: TTx, refunded: { before: TPaymentRow; after: TPaymentRow }) => Promise<unknown>,
    ): Promise<TPaymentRow> {
      const result = await db.transaction(async (tx) => {
        const payment = await lockPayment(tx, paymentId);
        if (!payment) throw new AppError('payment_not_found');
        if (payment.status !== 'paid' || !payment.paidAt) throw new AppError('refund_not_possible');
        const account = await lockCreditsWithRefundDays(tx, payment.userId);
        const deadline = payment.paidAt.getTime() + account.refundDays * DAY_MS;
        if (now().getTime() > deadline || account.credits < payment.credits) {
          throw new AppError('refund_not_possible');
        }
        // The money goes back first: when the provider refuses, nothing here changes.
        if (payment.providerPaymentId && payment.provider === provider.name) {
          await provider.refund({
            id: payment.providerPaymentId,
            amountMinor: payment.amountMinor,
            currency: payment.currency,
            description: `Refund ${payment.credits} credits`,
          });
        }
        const reversed = await reversePayment(tx, { payment, reason: 'refund', now: now() });
        // The console's audit entry, in the refund's own transaction.
        await within?.(tx, { before: payment, after: reversed.updated });
        return reversed;
      });
      await publishCredits(realtime, result.after.profileId, result.after.credits);
      return result.updated;
    },
  };
}

/** Refunds (see createRefundsService). */
export type TRefundsService = ReturnType<typeof createRefundsService>;
