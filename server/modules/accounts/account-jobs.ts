import { z } from 'zod';
import { declareJob } from '#server/jobs/define-job.ts';

/** Erases a deleted account once its grace period is over (queued by the deletion, cancelled by a reactivation). */
export const purgeAccountJob = declareJob({ kind: 'purge_account', payload: z.object({ userId: z.number().int() }) });

/** The daily storage limits (`run`: its periodic run, so a run schedules the next one once). */
export const retentionJob = declareJob({ kind: 'retention', payload: z.object({ run: z.string().optional() }) });
