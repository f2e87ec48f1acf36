import { and, eq, isNull, lte } from 'drizzle-orm';
import { DELETION_GRACE_DAYS } from '../../../common/constants.ts';
import type { TDb } from '../../db/connect.ts';
import {
  accountTokens,
  directDebitRequests,
  paymentMandates,
  photos,
  profiles,
  sessions,
  users,
} from '../../db/schema/index.ts';
import type { TPaymentProvider } from '../payments/provider.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';

/**
 * Purges a deleted account after the grace period: photos and personal data go, the ledger stays (tax records), and
 * so do signed direct debit mandates (revoked; banks may ask for them for a while after the last collection).
 */
export function createPurgeAccountJob(
  db: TDb,
  store: TPhotoStore,
  provider: Pick<TPaymentProvider, 'revokeMandate'>,
  now: () => Date,
) {
  return async (payload: Record<string, unknown>) => {
    const userId = Number(payload.userId);
    // Only the account's current deletion counts: deleted, reactivated and deleted again ten days later, the first
    // deletion's job finds a deletion that is not yet DELETION_GRACE_DAYS old and leaves it to that deletion's own job.
    const cutoff = new Date(now().getTime() - DELETION_GRACE_DAYS * 86_400_000);
    const isDue = (u: { status: string; deletedAt: Date | null }) =>
      u.status === 'deleted' && u.deletedAt !== null && u.deletedAt <= cutoff;
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || !isDue(user)) return; // reactivated in time, deleted again since, or already purged
    // Nothing can be charged to a purged account: its mandates end at the payment service first (when the service
    // is unreachable the job fails and is retried with the account untouched; revoking twice is harmless).
    const mandates = await db
      .select()
      .from(paymentMandates)
      .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));
    for (const m of mandates)
      await provider.revokeMandate({ customerId: m.customerId, mandateId: m.providerMandateId });
    const files = await db.transaction(async (tx) => {
      // The conditional update locks the row and re-checks: a reactivation committed meanwhile leaves nothing to purge.
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
      if (!claimed) return [];
      const removed = await tx
        .delete(photos)
        .where(eq(photos.profileId, user.profileId))
        .returning({ fileKey: photos.fileKey, censoredKey: photos.censoredKey });
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await tx.delete(directDebitRequests).where(eq(directDebitRequests.userId, userId));
      await tx
        .update(paymentMandates)
        .set({ revokedAt: now() })
        .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));
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
        .where(eq(profiles.id, user.profileId));
      return removed;
    });
    for (const keys of files) await store.remove(keys);
  };
}
