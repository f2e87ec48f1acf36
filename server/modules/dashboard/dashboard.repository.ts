import { and, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { TDb } from '#server/db/connect.ts';
import { messages, payments, users } from '#server/db/schema/index.ts';

/** One day's count on one site. */
export type TDayCount = { day: string; siteId: number; n: number };
/** One day's revenue on one site in one currency (minor units). */
export type TDayRevenue = { day: string; siteId: number; currency: string; amountMinor: number };

/** The UTC calendar day of a timestamp as YYYY-MM-DD. */
const dayOf = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;
const counted = sql<number>`count(*)::int`;
const inSites = (siteIds: number[] | null): SQL | undefined => (siteIds ? inArray(users.siteId, siteIds) : undefined);

/** Sign-ups per day and site since `from` (index users_signup_date_idx). */
export async function signupsPerDay(db: TDb, from: Date, siteIds: number[] | null): Promise<TDayCount[]> {
  return db
    .select({ day: dayOf(users.signupDate), siteId: users.siteId, n: counted })
    .from(users)
    .where(and(gte(users.signupDate, from), inSites(siteIds)))
    .groupBy(sql`1`, users.siteId);
}

/** First address confirmations per day and site since `from` (index users_activated_idx). */
export async function activationsPerDay(db: TDb, from: Date, siteIds: number[] | null): Promise<TDayCount[]> {
  return db
    .select({ day: dayOf(users.activatedAt), siteId: users.siteId, n: counted })
    .from(users)
    .where(and(gte(users.activatedAt, from), inSites(siteIds)))
    .groupBy(sql`1`, users.siteId);
}

/**
 * Members' first paid purchases per day and site since `from`: paid payments (index payments_paid_at_idx) with no
 * earlier paid payment of the same member (index payments_user_idx). A refunded first purchase still counts.
 */
export async function firstPurchasesPerDay(db: TDb, from: Date, siteIds: number[] | null): Promise<TDayCount[]> {
  return db
    .select({ day: dayOf(payments.paidAt), siteId: users.siteId, n: counted })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        gte(payments.paidAt, from),
        inSites(siteIds),
        sql`not exists (select 1 from payments earlier where earlier.user_id = ${payments.userId} and earlier.paid_at < ${payments.paidAt})`,
      ),
    )
    .groupBy(sql`1`, users.siteId);
}

/** Revenue per day, site and currency since `from`: payments paid and not refunded or charged back since. */
export async function revenuePerDay(db: TDb, from: Date, siteIds: number[] | null): Promise<TDayRevenue[]> {
  return db
    .select({
      day: dayOf(payments.paidAt),
      siteId: users.siteId,
      currency: payments.currency,
      amountMinor: sql<number>`sum(${payments.amountMinor})::int`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(gte(payments.paidAt, from), eq(payments.status, 'paid'), inSites(siteIds)))
    .groupBy(sql`1`, users.siteId, payments.currency);
}

/** Messages members sent per day and site since `from` (index messages_created_idx); hosts' replies are not counted. */
export async function messagesPerDay(db: TDb, from: Date, siteIds: number[] | null): Promise<TDayCount[]> {
  return db
    .select({ day: dayOf(messages.createdAt), siteId: users.siteId, n: counted })
    .from(messages)
    .innerJoin(users, eq(users.profileId, messages.senderProfileId))
    .where(and(gte(messages.createdAt, from), inSites(siteIds)))
    .groupBy(sql`1`, users.siteId);
}
