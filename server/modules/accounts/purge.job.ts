import { and, eq, isNull } from 'drizzle-orm';
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
export function createPurgeAccountJob(db: TDb, store: TPhotoStore, provider: Pick<TPaymentProvider, 'revokeMandate'>) {
  return async (payload: Record<string, unknown>) => {
    const userId = Number(payload.userId);
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user || user.status !== 'deleted') return; // reactivated in time, or already purged
    const files = await db
      .select({ fileKey: photos.fileKey, censoredKey: photos.censoredKey })
      .from(photos)
      .where(eq(photos.profileId, user.profileId));
    // Nothing can be charged to a purged account: its mandates end at the payment service first (when the service
    // is unreachable the job fails and is retried with the account untouched; revoking twice is harmless).
    const mandates = await db
      .select()
      .from(paymentMandates)
      .where(and(eq(paymentMandates.userId, userId), isNull(paymentMandates.revokedAt)));
    for (const m of mandates)
      await provider.revokeMandate({ customerId: m.customerId, mandateId: m.providerMandateId });
    await db.transaction(async (tx) => {
      await tx.delete(photos).where(eq(photos.profileId, user.profileId));
      await tx.delete(sessions).where(eq(sessions.userId, userId));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
      await tx.delete(directDebitRequests).where(eq(directDebitRequests.userId, userId));
      await tx
        .update(paymentMandates)
        .set({ revokedAt: new Date() })
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
      await tx
        .update(users)
        .set({
          status: 'purged',
          email: `purged-${userId}@invalid`,
          passwordHash: '!',
          tracking: {},
          emailConfirmed: false,
        })
        .where(eq(users.id, userId));
    });
    for (const keys of files) await store.remove(keys);
  };
}
