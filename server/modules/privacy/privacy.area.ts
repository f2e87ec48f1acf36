import type { TCore } from '#server/core.ts';
import type { TJobDefinition } from '#server/jobs/define-job.ts';
import type { TJobQueue } from '#server/jobs/job-queue.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import { createConsentsService } from '../consents/consents.service.ts';
import { defineBuildDataExportJob, defineExpireDataExportsJob, type TBuildDataExportDeps } from './data-export.job.ts';
import { createDataExportService } from './data-export.service.ts';

/** What the privacy area needs besides the core. */
export interface TPrivacyDeps extends Pick<TBuildDataExportDeps, 'switchesOf'> {
  /** Where archives are written (DATA_DIR). */
  dataDir: string;
  mailer: Pick<TMailer, 'enqueue'>;
  jobs: Pick<TJobQueue, 'runNow'>;
}

/** The member's privacy rights: "download my data" (archives, their build and expiry jobs) and consents. */
export function createPrivacyArea(core: TCore, deps: TPrivacyDeps) {
  const { dataDir, mailer, jobs, switchesOf } = deps;
  const dataExport = createDataExportService(core, { jobs, dataDir });
  return {
    /** "Download my data": archive requests, their state, the download, expiry and erasure. */
    dataExport,
    /** Consents given and withdrawn (Art. 9 orientation, marketing) and acceptance of new terms versions. */
    consents: createConsentsService(core),
    jobs: [
      defineBuildDataExportJob(core, { dataDir, mailer, jobs, switchesOf }),
      defineExpireDataExportsJob(dataExport),
    ] satisfies TJobDefinition[],
  };
}

export type TPrivacyArea = ReturnType<typeof createPrivacyArea>;
