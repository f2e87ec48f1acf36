import { and, eq, isNull, lte } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/connect.ts';
import {
  accountTokens,
  directDebitRequests,
  paymentMandates,
  photos,
  profiles,
  sessions,
  users,
} from '../../db/schema/index.ts';

export type TMandateRow = typeof paymentMandates.$inferSelect;

/** An account's status, deletion time and profile, or undefined. */
export async function findAccountForPurge(db: TDb, userId: number) {
  const [row] = await db
    .select({ id: users.id, status: users.status, deletedAt: users.deletedAt, profileId: users.profileId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** An account's direct debit mandates that are not revoked yet. */
export async function findLiveMandates(db: TDb, userId: number): Promise<TMandateRow[]> {
  return db
    .select()
    .from(paymentMandates)
    .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));
}

/**
 * Marks a deleted account purged and blanks its login data, only if it was deleted at or before `cutoff`; the
 * conditional update locks the row and re-checks, so a reactivation committed meanwhile leaves nothing to purge.
 * Returns whether the account was claimed.
 */
export async function claimAccountForPurge(tx: TTx, userId: number, cutoff: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(users)
    .set({
      status: 'purged',
      email: `purged-${userId}@invalid`,
      passwordHash: '!',
      tracking: {},
      emailConfirmed: false,
    })
    .where(and(eq(users.id, userId), eq(users.status, 'deleted'), lte(users.deletedAt, cutoff)))
    .returning({ id: users.id });
  return Boolean(claimed);
}

/**
 * Deletes a claimed account's photos, sessions, tokens and direct debit requests, revokes its mandates and blanks its
 * profile; returns the removed photos' file keys so the files can go after commit.
 */
export async function erasePersonalData(tx: TTx, a: { userId: number; profileId: number; now: Date }) {
  const removed = await tx
    .delete(photos)
    .where(eq(photos.profileId, a.profileId))
    .returning({ fileKey: photos.fileKey, censoredKey: photos.censoredKey });
  await tx.delete(sessions).where(eq(sessions.userId, a.userId));
  await tx.delete(accountTokens).where(eq(accountTokens.userId, a.userId));
  await tx.delete(directDebitRequests).where(eq(directDebitRequests.userId, a.userId));
  await tx
    .update(paymentMandates)
    .set({ revokedAt: a.now })
    .where(and(eq(paymentMandates.userId, a.userId), isNull(paymentMandates.revokedAt)));
  await tx
    .update(profiles)
    .set({
      name: 'deleted',
      aboutMe: '',
      interests: [],
      city: '',
      regionCode: '',
      lat: null,
      lon: null,
      status: 'disabled',
      invisible: true,
    })
    .where(eq(profiles.id, a.profileId));
  return removed;
}
