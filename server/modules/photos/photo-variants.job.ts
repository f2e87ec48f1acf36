import { z } from 'zod';
import { PHOTO_VARIANTS_VERSION } from '#common/photo-variants.ts';
import type { TDb } from '#server/db/connect.ts';
import { declareJob, defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import { schedulePeriodicJob } from '#server/jobs/jobs.repository.ts';
import type { TLogger } from '#server/lib/logger.ts';
import { withProcessingSlot } from './photo-processing.ts';
import type { TPhotoStore } from './photo-store.ts';
import { encodeVariants, openStored } from './photo-variants.ts';
import { findPhotosWithoutVariants, hasPhotosWithoutVariants, markPhotoVariants } from './photos.repository.ts';

/** Photos one run of the backfill handles (about a second each), so other jobs of the process wait little. */
export const PHOTO_VARIANTS_BATCH = 10;

/**
 * The backfill of responsive variants for photos stored before them (issue 32): `run` names a chain started at
 * start-up, `after` the last photo id a previous step handled.
 */
export const photoVariantsJob = declareJob({
  kind: 'photo_variants',
  payload: z.object({ run: z.string().optional(), after: z.string().optional() }),
});

/** Starts the backfill at start-up when some photo lacks the current variant set and no run is pending. */
export async function ensurePhotoVariantsScheduled(db: TDb, now: Date): Promise<boolean> {
  if (!(await hasPhotosWithoutVariants(db, PHOTO_VARIANTS_VERSION))) return false;
  return schedulePeriodicJob(db, photoVariantsJob, { runAt: now });
}

/** Whether an error is a stored file that is not there (a photo whose files were lost: nothing to make variants of). */
const isMissingFile = (err: unknown) => (err as { code?: unknown }).code === 'ENOENT';

/**
 * The durable `photo_variants` job: makes the variants of one batch of photos from their stored main JPEGs (sharp and
 * blurred), marks each photo when its files are written, and queues the next batch once (a step that runs twice adds
 * no second chain). Idempotent: marked photos are never picked again; a failure is retried by the runner and resumes
 * where it stopped. A photo whose stored JPEG is missing is logged and passed over.
 */
export function createPhotoVariantsJob(deps: {
  db: TDb;
  store: TPhotoStore;
  now: () => Date;
  log: Pick<TLogger, 'info' | 'warn'>;
}): TJobDefinition {
  const { db, store, now, log } = deps;
  return defineJob(photoVariantsJob, { handler: backfill });

  async function backfill(payload: { after?: string }): Promise<void> {
    const rows = await findPhotosWithoutVariants(db, {
      version: PHOTO_VARIANTS_VERSION,
      after: payload.after,
      limit: PHOTO_VARIANTS_BATCH,
    });
    let made = 0;
    for (const row of rows) {
      const size = { width: row.width, height: row.height };
      try {
        await withProcessingSlot(async () => {
          const { main, censored } = await store.readMains(row);
          const [sharpVariants, censoredVariants] = await Promise.all([
            encodeVariants(openStored(main), size, { quality: 'photo', thumbPosition: 'attention' }),
            censored ? encodeVariants(openStored(censored), size, { quality: 'blurred' }) : [],
          ]);
          await store.saveVariants(row, { sharp: sharpVariants, censored: censoredVariants });
        });
      } catch (err) {
        if (!isMissingFile(err)) throw err;
        log.warn({ job: photoVariantsJob.kind, photoId: row.id }, 'photo variants: stored JPEG missing, passed over');
        continue;
      }
      // Deleted while its variants were made: the files written just now go too.
      if (await markPhotoVariants(db, row.id, PHOTO_VARIANTS_VERSION)) made++;
      else await store.remove(row);
    }
    log.info({ job: photoVariantsJob.kind, photos: made }, 'photo variants: batch made');
    const last = rows.at(-1);
    if (last && rows.length === PHOTO_VARIANTS_BATCH) {
      await photoVariantsJob.enqueueOnce(db, { after: last.id }, { runAt: now(), match: { after: last.id } });
    }
  }
}
