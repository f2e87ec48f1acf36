import type { TPaymentSearch } from '#common/member-admin.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TPaymentProvider } from '../payments/provider.ts';
import type { TRefundsService } from '../payments/refunds.service.ts';
import type { TReviewService } from '../payments/review.service.ts';
import type { TPaymentRow } from '../payments/payments.repository.ts';
import { findAudit } from '../staff/audit.repository.ts';
import { findPaymentOwner } from './member-file.repository.ts';
import {
  findPaymentWithMember,
  listPaymentLedger,
  listPaymentReports,
  listPayments,
} from './payment-admin.repository.ts';
import { assertActorSite, type TActor, type TAuditWriter } from './staff-port.ts';

/** What the console's payments need besides the core. */
export interface TPaymentAdminDeps {
  provider: Pick<TPaymentProvider, 'name' | 'getPayment'>;
  refunds: Pick<TRefundsService, 'refund'>;
  review: TReviewService;
  audit: TAuditWriter;
}

/** What the audit log keeps of a payment's state. */
const auditState = (p: TPaymentRow) => ({
  status: p.status,
  credits: p.credits,
  amountMinor: p.amountMinor,
  currency: p.currency,
});

/**
 * Payments in the console: the list (status, method, site, dates; newest first, paged on the server), a payment's
 * page (its member, the provider's reports as applied, what it did to the ledger: purchase, refund, chargeback, and
 * the provider's current view), refunds under the existing rules and decisions on payments in review, each audited
 * in the transaction of the change.
 */
export function createPaymentAdminService(core: TCore, deps: TPaymentAdminDeps) {
  const { db, log } = core;
  const { provider, refunds, review, audit } = deps;

  /** Checks the staff member may see the payment's site; answers its member and site. */
  async function guard(actor: TActor, paymentId: string) {
    const owner = await findPaymentOwner(db, paymentId);
    if (!owner) throw new AppError('payment_not_found');
    assertActorSite(actor, owner.siteId);
    return owner;
  }

  /** The audit entry of a change to a payment. */
  const entry = (actor: TActor, action: string, owner: { userId: number; siteId: number; paymentId: string }) => ({
    staffId: actor.id,
    action,
    siteId: owner.siteId,
    userId: owner.userId,
    subject: `payment:${owner.paymentId}`,
  });

  return {
    /** One page of payments within the staff member's sites, and how many match (capped). */
    async list(actor: TActor, search: TPaymentSearch) {
      if (search.siteId) assertActorSite(actor, search.siteId);
      return listPayments(db, search, actor.siteIds);
    },

    /** A payment's page: the payment and member, the provider's reports, its ledger rows, the provider's view now. */
    async detail(actor: TActor, paymentId: string) {
      await guard(actor, paymentId);
      const found = await findPaymentWithMember(db, paymentId);
      if (!found) throw new AppError('payment_not_found');
      const { payment, member } = found;
      const reports = await listPaymentReports(db, paymentId);
      const ledger = await listPaymentLedger(db, payment);
      let atProvider = null;
      if (payment.providerPaymentId && payment.provider === provider.name) {
        // Best effort: the page still shows our records while the provider is unreachable.
        const now = await provider.getPayment(payment.providerPaymentId).catch((err: unknown) => {
          log.warn({ err, paymentId }, 'provider not reached for the console');
          return null;
        });
        if (now) {
          atProvider = {
            status: now.status,
            amountMinor: now.amountMinor,
            currency: now.currency,
            chargedBack: Boolean(now.chargedBack),
          };
        }
      }
      const entries = await findAudit(db, { userId: member.userId, siteIds: actor.siteIds, limit: 200 });
      const audit = entries.filter((e) => e.subject === `payment:${paymentId}`);
      return { payment, member, reports, ledger, atProvider, audit };
    },

    /** Refunds a paid purchase under the existing rules (refund_days, credits unused); audited in its transaction. */
    async refund(actor: TActor, paymentId: string): Promise<TPaymentRow> {
      const owner = await guard(actor, paymentId);
      return refunds.refund(paymentId, (tx, { before, after }) =>
        audit(tx, {
          ...entry(actor, 'payment.refund', { ...owner, paymentId }),
          before: auditState(before),
          after: auditState(after),
        }),
      );
    },

    /** Approves (grants) or declines (pays back) a payment held in review; audited in its transaction. */
    async decide(actor: TActor, paymentId: string, decision: 'approve' | 'decline'): Promise<TPaymentRow> {
      const owner = await guard(actor, paymentId);
      const decide = decision === 'approve' ? review.approve : review.decline;
      const done = await decide(paymentId, (tx, { before, after }) =>
        audit(tx, {
          ...entry(actor, `payment.${decision}`, { ...owner, paymentId }),
          before: auditState(before),
          after: auditState(after),
        }),
      );
      return done.after;
    },
  };
}

/** Payments in the console (see createPaymentAdminService). */
export type TPaymentAdminService = ReturnType<typeof createPaymentAdminService>;
