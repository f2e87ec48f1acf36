import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { consents, profiles, users } from '#server/db/schema/index.ts';

export type TConsentRow = typeof consents.$inferSelect;

/** Appends one consent row (the record is append-only: only `withdrawn_at` is ever set afterwards). */
export async function insertConsent(
  tx: TDb | TTx,
  row: { userId: number; kind: string; version: string; locale: string; ipPrefix: string | null; givenAt: Date },
): Promise<void> {
  await tx.insert(consents).values(row);
}

/** Sets `withdrawn_at` on a member's live consents of a kind; returns how many rows it withdrew. */
export async function markConsentWithdrawn(
  tx: TDb | TTx,
  { userId, kind, at }: { userId: number; kind: string; at: Date },
): Promise<number> {
  const rows = await tx
    .update(consents)
    .set({ withdrawnAt: at })
    .where(and(eq(consents.userId, userId), eq(consents.kind, kind), isNull(consents.withdrawnAt)))
    .returning({ id: consents.id });
  return rows.length;
}

/** A member's live (not withdrawn) consent rows, newest first. */
export async function findLiveConsents(db: TDb | TTx, userId: number): Promise<TConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(and(eq(consents.userId, userId), isNull(consents.withdrawnAt)))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/** Every consent row of a member, newest first (the member's own record, e.g. for their data export). */
export async function findAllConsents(db: TDb | TTx, userId: number): Promise<TConsentRow[]> {
  return db
    .select()
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(desc(consents.givenAt), desc(consents.id));
}

/** The orientation-related columns of an account's profile, or undefined when there is no such account. */
export async function findOrientationOfUser(
  db: TDb | TTx,
  userId: number,
): Promise<{ profileId: number; gender: string; sexuality: string | null; niches: number[] } | undefined> {
  const [row] = await db
    .select({ profileId: profiles.id, gender: profiles.gender, sexuality: profiles.sexuality, niches: profiles.niches })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Writes a profile's orientation, its visibility and the niches that follow from it. */
export async function setProfileOrientation(
  tx: TDb | TTx,
  profileId: number,
  values: { sexuality: string | null; showSexuality?: boolean; niches: number[] },
): Promise<void> {
  await tx.update(profiles).set(values).where(eq(profiles.id, profileId));
}
