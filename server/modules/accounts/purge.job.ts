import fs from 'node:fs/promises';
import { DELETION_GRACE_DAYS } from '#common/constants.ts';
import type { TDb } from '#server/db/connect.ts';
import { defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import type { TPaymentProvider } from '../payments/provider.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { exportPath } from '../privacy/data-export.service.ts';
import { purgeAccountJob } from './account-jobs.ts';
import { claimAccountForPurge, erasePersonalData, findAccountForPurge, findLiveMandates } from './purge.repository.ts';
import { subHours } from 'date-fns';

/**
 * Purges a deleted account after the grace period (GDPR Art. 17): every table is purged, anonymized or kept as
 * `ERASURE_PLAN` (erasure-plan.ts) says, and every file of the member goes: profile photos, the chat photos they
 * sent and their data exports (what the other member sent stays theirs). Payments and the credit ledger stay for tax law, and so do signed direct
 * debit mandates (revoked; banks may ask for them for a while after the last collection).
 */
export function createPurgeAccountJob(deps: {
  db: TDb;
  store: TPhotoStore;
  provider: Pick<TPaymentProvider, 'revokeMandate'>;
  dataDir: string;
  now: () => Date;
}): TJobDefinition {
  const { db, store, provider, dataDir, now } = deps;
  return defineJob(purgeAccountJob, { handler: purge });

  async function purge({ userId }: { userId: number }): Promise<void> {
    // Only the account's current deletion counts: deleted, reactivated and deleted again ten days later, the first
    // deletion's job finds a deletion that is not yet DELETION_GRACE_DAYS old and leaves it to that deletion's own job.
    const cutoff = subHours(now(), DELETION_GRACE_DAYS * 24);
    const isDue = (u: { status: string; deletedAt: Date | null }) =>
      u.status === 'deleted' && u.deletedAt !== null && u.deletedAt <= cutoff;
    const user = await findAccountForPurge(db, userId);
    if (!user || !isDue(user)) return; // reactivated in time, deleted again since, or already purged
    // Nothing can be charged to a purged account: its mandates end at the payment service first (when the service
    // is unreachable the job fails and is retried with the account untouched; revoking twice is harmless).
    for (const m of await findLiveMandates(db, userId))
      await provider.revokeMandate({ customerId: m.customerId, mandateId: m.providerMandateId });
    await db.transaction(async (tx) => {
      if (!(await claimAccountForPurge(tx, userId, cutoff))) return;
      const files = await erasePersonalData(tx, {
        userId,
        profileId: user.profileId,
        siteId: user.siteId,
        email: user.email,
        now: now(),
      });
      // Before commit: a failure here rolls the purge back and the job runs again, so a file is never left behind
      // (served under its old URL) by a purge that committed. Files of an account being purged are not needed.
      for (const keys of files.photos) await store.remove(keys);
      for (const key of files.attachments) await store.removeAttachment(key);
      for (const key of files.exports) await fs.rm(exportPath(dataDir, key), { force: true });
    });
  }
}
