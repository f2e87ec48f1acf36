import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';

const ZDayCount = z.object({ day: z.string(), siteId: z.number().int(), n: z.number().int() });

/** The dashboard's series: per day (UTC, YYYY-MM-DD) and site; days without any are absent. */
export const ZDashboard = z.object({
  days: z.array(z.string()),
  signups: z.array(ZDayCount),
  activations: z.array(ZDayCount),
  firstPurchases: z.array(ZDayCount),
  revenue: z.array(
    z.object({ day: z.string(), siteId: z.number().int(), currency: z.string(), amountMinor: z.number().int() }),
  ),
  messages: z.array(ZDayCount),
});
export type TDashboard = z.infer<typeof ZDashboard>;

export const adminDashboardApi = {
  series: defineEndpoint({
    method: 'GET',
    path: '/api/admin/dashboard/series',
    tags: ['console'],
    summary: 'Sign-ups, activations, first purchases, revenue and messages per day and site, last 30 days',
    query: z.object({ siteId: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
    response: ZDashboard,
    staff: { roles: ['admin', 'support', 'moderator'] },
  }),
};
