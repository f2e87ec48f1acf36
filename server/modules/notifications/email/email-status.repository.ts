import { and, count, eq, gte, ne, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { emailFeedback, notificationPreferences, profiles, users } from '#server/db/schema/index.ts';
import type { TEmailDisabledReason, TNotificationKind } from '#common/notifications.ts';

/** A member's address, language, name and reasons email is off; undefined for an unknown or purged account. */
export async function findEmailAccount(db: TDb | TTx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      siteId: users.siteId,
      email: users.email,
      locale: users.locale,
      name: profiles.name,
      reasons: users.notificationsDisabled,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(and(eq(users.id, userId), ne(users.status, 'purged')))
    .limit(1);
  return row;
}

/** The ids of every live account using an email address, on any site (compared in lower case). */
export async function findUserIdsByEmail(db: TDb | TTx, email: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, ne(users.status, 'purged')));
  return rows.map((r) => r.id);
}

/**
 * Sets one kind's email switch, keeping its push switch: a new row takes `pushDefault` (the kind's default), an
 * existing row keeps what the member chose.
 */
export async function setKindEmail(
  db: TDb | TTx,
  s: { userId: number; kind: TNotificationKind; email: boolean; pushDefault: boolean; at: Date },
): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId: s.userId, kind: s.kind, email: s.email, push: s.pushDefault, updatedAt: s.at })
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: s.email, updatedAt: s.at },
    });
}

/**
 * Adds a reason to the account-wide email stop (users.notifications_disabled, once) and makes it the latest
 * (email_disabled_reason). Returns the reasons after the change.
 */
export async function addEmailDisabledReason(
  db: TDb | TTx,
  userId: number,
  reason: TEmailDisabledReason,
): Promise<string[]> {
  const [row] = await db
    .update(users)
    .set({
      notificationsDisabled: sql`case when ${reason} = any(${users.notificationsDisabled}) then ${users.notificationsDisabled} else array_append(${users.notificationsDisabled}, ${reason}::text) end`,
      emailDisabledReason: reason,
    })
    .where(eq(users.id, userId))
    .returning({ reasons: users.notificationsDisabled });
  return row?.reasons ?? [];
}

/**
 * Removes reasons from the account-wide email stop; email_disabled_reason becomes the last one left (or null).
 * Returns the reasons after the change.
 */
export async function removeEmailDisabledReasons(
  db: TDb | TTx,
  userId: number,
  reasons: readonly TEmailDisabledReason[],
): Promise<string[]> {
  const [current] = await db
    .select({ reasons: users.notificationsDisabled })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!current) return [];
  const left = current.reasons.filter((r) => !reasons.includes(r as TEmailDisabledReason));
  await db
    .update(users)
    .set({ notificationsDisabled: left, emailDisabledReason: left.at(-1) ?? null })
    .where(eq(users.id, userId));
  return left;
}

/**
 * Stores a bounce or complaint report for a member; returns false when this report (same provider id) was stored
 * before, so a repeated report counts once.
 */
export async function insertEmailFeedback(
  db: TDb | TTx,
  f: { userId: number; type: string; providerId: string; detail: Record<string, unknown>; at: Date },
): Promise<boolean> {
  const rows = await db
    .insert(emailFeedback)
    .values({ userId: f.userId, type: f.type, providerId: f.providerId, detail: f.detail, createdAt: f.at })
    .onConflictDoNothing()
    .returning({ id: emailFeedback.id });
  return rows.length > 0;
}

/** How many reports of a type a member got since a time. */
export async function countEmailFeedbackSince(
  db: TDb | TTx,
  { userId, type, since }: { userId: number; type: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailFeedback)
    .where(and(eq(emailFeedback.userId, userId), eq(emailFeedback.type, type), gte(emailFeedback.createdAt, since)));
  return row?.n ?? 0;
}
