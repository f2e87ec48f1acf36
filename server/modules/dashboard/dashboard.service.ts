import type { TCore } from '#server/core.ts';
import {
  activationsPerDay,
  firstPurchasesPerDay,
  messagesPerDay,
  revenuePerDay,
  signupsPerDay,
} from './dashboard.repository.ts';

/** How many days the dashboard shows, today (UTC) included. */
export const DASHBOARD_DAYS = 30;

/** The first moment (UTC midnight) of the dashboard's window ending today, and its days oldest first. */
export function dashboardWindow(now: Date, days = DASHBOARD_DAYS): { from: Date; days: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * 86_400_000);
  const list = Array.from({ length: days }, (_, i) =>
    new Date(from.getTime() + i * 86_400_000).toISOString().slice(0, 10),
  );
  return { from, days: list };
}

/**
 * The dashboard's figures per day and site for the last 30 days (issue 30): sign-ups, activations, first purchases,
 * revenue per currency and members' messages. One grouped query per series, each a range scan of its own index; days
 * without any are absent (the console fills them with zero).
 */
export function createDashboardService(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  return {
    /** The series for the given sites (null: every site). */
    async series(siteIds: number[] | null) {
      const { from, days } = dashboardWindow(now());
      const [signups, activations, firstPurchases, revenue, sent] = await Promise.all([
        signupsPerDay(db, from, siteIds),
        activationsPerDay(db, from, siteIds),
        firstPurchasesPerDay(db, from, siteIds),
        revenuePerDay(db, from, siteIds),
        messagesPerDay(db, from, siteIds),
      ]);
      return { days, signups, activations, firstPurchases, revenue, messages: sent };
    },
  };
}

export type TDashboardService = ReturnType<typeof createDashboardService>;
