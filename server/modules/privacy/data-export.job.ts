import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { ZipArchive } from 'archiver';
import { DATA_EXPORT_DAYS, NOTIFICATION_LOG_RETENTION_DAYS } from '#common/constants.ts';
import { DATA_EXPORT_FILES, type TDataExportFile } from '#common/wire/data-export.ts';
import type { z } from 'zod';
import type { TCore } from '#server/core.ts';
import { defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import type { TJobQueue } from '#server/jobs/job-queue.ts';
import { serverT } from '#server/lib/i18n.ts';
import { newToken } from '#server/lib/tokens.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import { findExport, markExportFailed, markExportReady } from './data-export.repository.ts';
import { collect, type TArchivePhoto, type TCollectOptions } from './data-export.collect.ts';
import {
  BUILD_DATA_EXPORT_JOB,
  EXPIRE_DATA_EXPORTS_JOB,
  exportPath,
  exportsDir,
  type TDataExportService,
} from './data-export.service.ts';
import { HOUR_MS } from '#common/time.ts';
import { addHours } from 'date-fns';

/** A build that still fails this long after the request is given up: the member sees "failed" and may ask again. */
export const DATA_EXPORT_GIVE_UP_MS = 2 * HOUR_MS;

/** README.txt in the member's language: what the archive is and what each file holds. */
export function renderReadme(locale: string, site: string, createdAt: Date): string {
  const t = serverT(locale);
  const v = {
    site,
    date: createdAt.toISOString().slice(0, 10),
    days: NOTIFICATION_LOG_RETENTION_DAYS,
    interpolation: { escapeValue: false },
  };
  const lines = [t('privacy_export.readme.title', v), '', t('privacy_export.readme.intro', v), ''];
  for (const file of Object.keys(DATA_EXPORT_FILES)) {
    lines.push(`${file}: ${t(`privacy_export.readme.files.${file.replace('.json', '')}`, v)}`);
  }
  lines.push(`photos/: ${t('privacy_export.readme.files.photos', v)}`, '', t('privacy_export.readme.outro', v), '');
  return lines.join('\r\n');
}

/** Writes the ZIP to a temporary name and renames it when complete, so a half-written archive is never served. */
async function writeArchive(
  target: string,
  { json, readme, photos }: { json: [string, unknown][]; readme: string; photos: TArchivePhoto[] },
): Promise<number> {
  const partial = `${target}.partial`;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(zip, createWriteStream(partial));
  zip.append(readme, { name: 'README.txt' });
  for (const [name, value] of json) zip.append(JSON.stringify(value, null, 2), { name });
  // JPEG does not compress further: stored as is.
  for (const p of photos) zip.append(createReadStream(p.source), { name: p.name, store: true });
  try {
    await zip.finalize();
    await written;
  } catch (err) {
    await fs.rm(partial, { force: true });
    throw err;
  }
  await fs.rename(partial, target);
  return (await fs.stat(target)).size;
}

/** What the build job needs besides the core. */
export interface TBuildDataExportDeps extends Pick<TCollectOptions, 'switchesOf'> {
  dataDir: string;
  mailer: Pick<TMailer, 'enqueue'>;
  jobs: Pick<TJobQueue, 'runNow'>;
}

/**
 * The `build_data_export` job: gathers the member's data, checks each JSON file against its schema, writes the ZIP
 * under DATA_DIR/exports/, then in one transaction marks the export ready for DATA_EXPORT_DAYS, schedules its expiry
 * and queues the "your data is ready" email. A build failing for DATA_EXPORT_GIVE_UP_MS marks the export failed.
 */
export function defineBuildDataExportJob(core: TCore, deps: TBuildDataExportDeps): TJobDefinition {
  const { db, now, log } = core;
  const { dataDir, mailer, jobs, switchesOf } = deps;
  return defineJob(BUILD_DATA_EXPORT_JOB, { handler });

  async function handler(payload: z.output<typeof BUILD_DATA_EXPORT_JOB.payload>): Promise<void> {
    const row = await findExport(db, payload.exportId);
    if (!row || row.status !== 'pending') return; // erased with the account, or built already
    try {
      const data = await collect(db, { dataDir, userId: row.userId, switchesOf });
      if (!data) {
        await markExportFailed(db, row.id);
        return;
      }
      const json = Object.entries(data.contents).map(
        ([name, value]) => [name, DATA_EXPORT_FILES[name as TDataExportFile].parse(value)] as [string, unknown],
      );
      const readyAt = now();
      const readme = renderReadme(data.account.locale, data.account.site, readyAt);
      await fs.mkdir(exportsDir(dataDir), { recursive: true });
      const fileKey = newToken();
      const sizeBytes = await writeArchive(exportPath(dataDir, fileKey), { json, readme, photos: data.photos });
      const expiresAt = addHours(readyAt, DATA_EXPORT_DAYS * 24);
      const mail = await db.transaction(async (tx) => {
        if (!(await markExportReady(tx, row.id, { fileKey, sizeBytes, readyAt, expiresAt }))) return null;
        await EXPIRE_DATA_EXPORTS_JOB.enqueue(tx, { exportId: row.id }, { runAt: expiresAt });
        const date = new Intl.DateTimeFormat(data.account.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
          expiresAt,
        );
        return mailer.enqueue(
          tx,
          {
            site: payload.site,
            to: data.account.email,
            locale: data.account.locale,
            kind: 'data_export_ready',
            userId: row.userId,
            vars: { name: data.name, link: payload.link, date, days: DATA_EXPORT_DAYS },
          },
          readyAt,
        );
      });
      if (mail === null) {
        await fs.rm(exportPath(dataDir, fileKey), { force: true });
        return;
      }
      await jobs.runNow([mail]);
    } catch (err) {
      if (now().getTime() - row.requestedAt.getTime() < DATA_EXPORT_GIVE_UP_MS) throw err;
      log.error({ exportId: row.id, err }, 'data export failed for good');
      await markExportFailed(db, row.id);
    }
  }
}

/** The `expire_data_exports` job: deletes every archive whose download period ended and marks it expired. */
export function defineExpireDataExportsJob(service: Pick<TDataExportService, 'expireDue'>): TJobDefinition {
  return defineJob(EXPIRE_DATA_EXPORTS_JOB, {
    async handler() {
      await service.expireDue();
    },
  });
}
