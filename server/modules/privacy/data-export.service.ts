import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DATA_EXPORTS_PER_DAY } from '#common/constants.ts';
import type { TDataExport, TDataExportStatus } from '#common/wire/data-export.ts';
import { z } from 'zod';
import type { TCore } from '#server/core.ts';
import { declareJob } from '#server/jobs/define-job.ts';
import type { TJobQueue } from '#server/jobs/job-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import { mailSite } from '#server/mail/mailer.ts';
import { ZMailSite } from '#server/mail/send-mail.job.ts';
import type { TSite } from '../sites/sites.service.ts';
import {
  countExports,
  deleteExportRows,
  findDueExports,
  findExport,
  findLatestExport,
  insertExport,
  lockAccount,
  markExportExpired,
  type TDataExportRow,
} from './data-export.repository.ts';
import { subHours } from 'date-fns';

/** Builds a requested archive: which export, and what its email needs (the site and where its link leads). */
export const BUILD_DATA_EXPORT_JOB = declareJob({
  kind: 'build_data_export',
  payload: z.object({
    exportId: z.number(),
    site: ZMailSite,
    /** The settings page's data export section, on the site the member asked from. */
    link: z.string(),
  }),
});

/** Deletes the archives whose download period ended (scheduled at each archive's expiry). */
export const EXPIRE_DATA_EXPORTS_JOB = declareJob({
  kind: 'expire_data_exports',
  payload: z.object({ exportId: z.number() }),
});

/** Where archives are stored: DATA_DIR/exports/<random key>.zip. */
export function exportsDir(dataDir: string): string {
  return path.join(dataDir, 'exports');
}

/** The path of an archive by its key. */
export function exportPath(dataDir: string, fileKey: string): string {
  return path.join(exportsDir(dataDir), `${fileKey}.zip`);
}

/** An export row as the API answers it. */
function toWire(row: TDataExportRow): TDataExport {
  return {
    id: row.id,
    status: row.status as TDataExportStatus,
    requested_at: row.requestedAt.toISOString(),
    ready_at: row.readyAt?.toISOString() ?? null,
    expires_at: row.status === 'ready' ? (row.expiresAt?.toISOString() ?? null) : null,
    size_bytes: row.status === 'ready' ? row.sizeBytes : null,
  };
}

/** What the data export needs besides the core: the job queue and DATA_DIR. */
export interface TDataExportDeps {
  jobs: Pick<TJobQueue, 'runNow'>;
  dataDir: string;
}

/** "Download my data" (GDPR Art. 15 and 20): requests, their state, the download, expiry and erasure of archives. */
export function createDataExportService(core: TCore, deps: TDataExportDeps) {
  const { db, now, log } = core;
  const { jobs, dataDir } = deps;

  /** Removes archive files; a file already gone is fine. */
  async function removeFiles(keys: readonly string[]): Promise<void> {
    for (const key of keys) await fs.rm(exportPath(dataDir, key), { force: true });
  }

  return {
    /** The member's newest export, or null. */
    async latest(userId: number): Promise<TDataExport | null> {
      const row = await findLatestExport(db, userId);
      return row ? toWire(row) : null;
    },

    /**
     * Requests an archive: one pending at a time (409 data_export_pending), DATA_EXPORTS_PER_DAY a day (429
     * too_many_data_exports). The row and its build job are written in one transaction; the job runs after commit.
     */
    async request(userId: number, site: TSite, link: string): Promise<TDataExport> {
      const at = now();
      const since = subHours(at, 24);
      const { exportId, jobId } = await db.transaction(async (tx) => {
        await lockAccount(tx, userId);
        const counts = await countExports(tx, userId, since);
        if (counts.pending > 0) throw new AppError('data_export_pending');
        if (counts.recent >= DATA_EXPORTS_PER_DAY) throw new AppError('too_many_data_exports');
        const id = await insertExport(tx, userId, at);
        const job = await BUILD_DATA_EXPORT_JOB.enqueue(
          tx,
          { exportId: id, site: mailSite(site), link },
          { runAt: at, userId },
        );
        return { exportId: id, jobId: job };
      });
      await jobs.runNow([jobId]);
      const row = await findExport(db, exportId);
      if (!row) throw new AppError('not_found');
      return toWire(row);
    },

    /**
     * Opens a ready archive of its owner for download; anything else (another member's, expired, unknown) is 404
     * not_found alike, so an id reveals nothing.
     */
    async openDownload(userId: number, id: number): Promise<{ stream: Readable; size: number; readyAt: Date }> {
      const row = await findExport(db, id);
      const at = now();
      if (!row || row.userId !== userId || row.status !== 'ready' || !row.fileKey || !row.readyAt) {
        throw new AppError('not_found');
      }
      if (!row.expiresAt || row.expiresAt <= at) throw new AppError('not_found');
      const file = exportPath(dataDir, row.fileKey);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat) {
        log.error({ exportId: id }, 'data export file missing');
        throw new AppError('not_found');
      }
      return { stream: createReadStream(file), size: stat.size, readyAt: row.readyAt };
    },

    /** Deletes the files of archives whose download period ended and marks them expired; returns how many. */
    async expireDue(): Promise<number> {
      const due = await findDueExports(db, now());
      for (const row of due) {
        if (row.fileKey) await removeFiles([row.fileKey]);
        await markExportExpired(db, row.id);
      }
      return due.length;
    },

    /** Erases every export of a member, rows and files (the account purge calls it). */
    async deleteExportsOf(userId: number): Promise<void> {
      await removeFiles(await deleteExportRows(db, userId));
    },

    /** Removes archive files by key (after a purge transaction deleted their rows with `deleteExportRows`). */
    removeFiles,
  };
}

export type TDataExportService = ReturnType<typeof createDataExportService>;
