import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.ts';

/** Account statuses a console member search filters on (users.status). */
export const MEMBER_STATUSES = ['not_confirmed', 'active', 'deleted', 'purged'] as const;
export type TMemberStatus = (typeof MEMBER_STATUSES)[number];

/** How the console's member list can be ordered. */
export const MEMBER_SORTS = ['signup', 'last_login', 'email', 'credits'] as const;
export type TMemberSort = (typeof MEMBER_SORTS)[number];

/** Rows per page of the console's lists (members, payments): default and the most one page may ask for. */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_SIZE_MAX = 100;
/** Matches counted exactly up to this many; beyond it the list says "more than" (a count of 100,000 rows costs). */
export const ADMIN_COUNT_CAP = 10_000;

/** A console member search: free text (email, name, profile id or payment id), filters, order and page. */
export const ZMemberSearch = z.object({
  q: z.string().trim().max(200).optional(),
  siteId: z.coerce.number().int().positive().optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  sort: z.enum(MEMBER_SORTS).default('signup'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});
export type TMemberSearch = z.infer<typeof ZMemberSearch>;

/** A credit adjustment by staff: a signed number of credits and the reason written in the ledger's audit entry. */
export const ZCreditAdjustment = z.object({
  delta: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0),
  reason: z.string().trim().min(3).max(200),
});

/** A console payments list: filters (status, method, site, dates), newest first, paged. */
export const ZPaymentSearch = z.object({
  status: z.enum(PAYMENT_STATUSES).optional(),
  method: z.enum(PAYMENT_METHODS).optional(),
  siteId: z.coerce.number().int().positive().optional(),
  /** Created on or after (ISO date or time). */
  from: z.coerce.date().optional(),
  /** Created before. */
  to: z.coerce.date().optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(ADMIN_PAGE_SIZE_MAX).default(ADMIN_PAGE_SIZE),
});
export type TPaymentSearch = z.infer<typeof ZPaymentSearch>;
