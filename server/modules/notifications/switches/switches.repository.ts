import { count, eq } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { notificationPreferences, pushSubscriptions, users } from '#server/db/schema/index.ts';
import type { TNotificationKind } from '#common/notifications.ts';

/** A member's stored switches (only kinds that were ever changed). */
export async function findPreferences(db: TDb | TTx, userId: number) {
  return db
    .select({
      kind: notificationPreferences.kind,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** Stores a kind's switches (both channels), replacing what was stored. */
export async function upsertPreference(
  tx: TDb | TTx,
  p: { userId: number; kind: TNotificationKind; email: boolean; push: boolean; at: Date },
): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ userId: p.userId, kind: p.kind, email: p.email, push: p.push, updatedAt: p.at })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: p.email, push: p.push, updatedAt: p.at },
    });
}

/** The reasons email is off for a member (users.notifications_disabled). */
export async function findEmailDisabled(db: TDb | TTx, userId: number): Promise<string[]> {
  const [row] = await db
    .select({ reasons: users.notificationsDisabled })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.reasons ?? [];
}

/** How many push subscriptions (devices) a member has. */
export async function countPushDevices(db: TDb | TTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return row?.n ?? 0;
}
