import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { pushSubscriptions } from '#server/db/schema/index.ts';

/** A stored Web Push subscription (one browser of one member). */
export type TPushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a browser's subscription for a member. The endpoint is unique: the same browser subscribing again (new keys)
 * updates its row, and a browser re-subscribing under another member moves the row to that member.
 */
export async function upsertSubscription(
  db: TDb | TTx,
  row: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string | null; now: Date },
): Promise<number> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values({
      userId: row.userId,
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      userAgent: row.userAgent,
      createdAt: row.now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        // Another member's browser now: its history of successes is not this member's.
        lastSuccessAt: sql`case when ${pushSubscriptions.userId} = ${row.userId} then ${pushSubscriptions.lastSuccessAt} end`,
        createdAt: sql`case when ${pushSubscriptions.userId} = ${row.userId} then ${pushSubscriptions.createdAt} else ${row.now} end`,
      },
    })
    .returning({ id: pushSubscriptions.id });
  return saved.id;
}

/** Deletes a member's subscription by endpoint (never another member's); whether one was deleted. */
export async function deleteSubscriptionOf(db: TDb | TTx, userId: number, endpoint: string): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}

/** Deletes a subscription the push service no longer knows (404/410). */
export async function deleteSubscriptionById(db: TDb | TTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** One subscription by id, or null when it was deleted meanwhile. */
export async function findSubscriptionById(db: TDb | TTx, id: number): Promise<TPushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** A member's subscriptions, oldest first. */
export async function listSubscriptionsOf(db: TDb | TTx, userId: number): Promise<TPushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.id));
}

/** How many subscriptions (devices) a member has. */
export async function countSubscriptionsOf(db: TDb | TTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/** Keeps a member's `keep` most recently active subscriptions and deletes the rest (abandoned browsers). */
export async function trimSubscriptionsOf(db: TDb | TTx, userId: number, keep: number): Promise<void> {
  const newest = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(
      sql`greatest(${pushSubscriptions.lastSuccessAt}, ${pushSubscriptions.createdAt}) desc`,
      sql`${pushSubscriptions.id} desc`,
    )
    .limit(keep);
  if (newest.length < keep) return;
  await db.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        newest.map((r) => r.id),
      ),
    ),
  );
}

/** Records that the push service accepted a push for a subscription. */
export async function markSubscriptionSuccess(db: TDb | TTx, id: number, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}
