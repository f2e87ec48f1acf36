import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { ZPaymentSearch } from '#common/member-admin.ts';
import type { TStaffRole } from '#common/staff.ts';
import { ZPageOf, ZPaymentRow } from './members.ts';
import { ZAuditEntry } from './staff.ts';

/** Who may see and act on payments in the console (owner always may): refunds within the rules, reviews. */
export const PAYMENT_ACTION_ROLES = ['support', 'admin'] as const satisfies readonly TStaffRole[];

const ZTime = z.string();
const ZPaymentId = z.object({ paymentId: z.string().uuid() });

export const ZPaymentListRow = ZPaymentRow.extend({ siteId: z.number(), email: z.string() });
export type TPaymentListRow = z.infer<typeof ZPaymentListRow>;

export const ZPaymentDetail = z.object({
  payment: ZPaymentRow.extend({
    packageId: z.number(),
    providerPaymentId: z.string().nullable(),
    sequence: z.string(),
    discountCodeId: z.number().nullable(),
    updatedAt: ZTime,
  }),
  member: z.object({
    userId: z.number(),
    siteId: z.number(),
    email: z.string(),
    profileId: z.number(),
    name: z.string(),
  }),
  reports: z.array(
    z.object({
      source: z.string(),
      status: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
      chargedBack: z.boolean(),
      outcome: z.string(),
      createdAt: ZTime,
    }),
  ),
  ledger: z.array(z.object({ delta: z.number(), reason: z.string(), createdAt: ZTime })),
  atProvider: z
    .object({ status: z.string(), amountMinor: z.number(), currency: z.string(), chargedBack: z.boolean() })
    .nullable(),
  audit: z.array(ZAuditEntry),
});
export type TPaymentDetail = z.infer<typeof ZPaymentDetail>;

/** The console's payments: the list, a payment's page, refunds and decisions on payments in review. */
export const adminPaymentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/list',
    tags: ['console'],
    summary: 'Payments by status, method, site and date, newest first, paged',
    query: ZPaymentSearch,
    response: ZPageOf(ZPaymentListRow),
    staff: { roles: PAYMENT_ACTION_ROLES },
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/admin/payments/view',
    tags: ['console'],
    summary: "A payment with its member, the provider's reports, its ledger rows and audit entries",
    query: ZPaymentId,
    response: ZPaymentDetail,
    staff: { roles: PAYMENT_ACTION_ROLES },
  }),
  refund: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/refund',
    tags: ['console'],
    summary: 'Refund a paid purchase (within refund_days, credits unused)',
    body: ZPaymentId,
    response: z.object({ status: z.string() }),
    staff: { roles: PAYMENT_ACTION_ROLES },
  }),
  decide: defineEndpoint({
    method: 'POST',
    path: '/api/admin/payments/decide',
    tags: ['console'],
    summary: 'Approve (grant) or decline (pay back) a payment held in review',
    body: ZPaymentId.extend({ decision: z.enum(['approve', 'decline']) }),
    response: z.object({ status: z.string() }),
    staff: { roles: PAYMENT_ACTION_ROLES },
  }),
};
