import { DELETION_GRACE_DAYS } from '../../../common/constants.ts';
import type { TDb } from '../../db/connect.ts';
import type { TPaymentProvider } from '../payments/provider.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { claimAccountForPurge, erasePersonalData, findAccountForPurge, findLiveMandates } from './purge.repository.ts';

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
    const user = await findAccountForPurge(db, userId);
    if (!user || !isDue(user)) return; // reactivated in time, deleted again since, or already purged
    // Nothing can be charged to a purged account: its mandates end at the payment service first (when the service
    // is unreachable the job fails and is retried with the account untouched; revoking twice is harmless).
    for (const m of await findLiveMandates(db, userId))
      await provider.revokeMandate({ customerId: m.customerId, mandateId: m.providerMandateId });
    const files = await db.transaction(async (tx) => {
      if (!(await claimAccountForPurge(tx, userId, cutoff))) return [];
      return erasePersonalData(tx, { userId, profileId: user.profileId, now: now() });
    });
    for (const keys of files) await store.remove(keys);
  };
}
