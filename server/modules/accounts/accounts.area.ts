import type { TCore } from '#server/core.ts';
import { defineJob, type TJobDefinition } from '#server/jobs/define-job.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import type { TPaymentProvider } from '../payments/provider.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { createSessionsService } from '../sessions/sessions.service.ts';
import { createAccountChangesService } from './account-changes.service.ts';
import { createAccountsService } from './accounts.service.ts';
import { ADDRESS_REQUEST_POLICY, reactivationRequestJob, resetRequestJob } from './address-requests.ts';
import { createPurgeAccountJob } from './purge.job.ts';
import { createRetentionJob } from './retention.job.ts';

/** What the accounts area needs besides the core. */
export interface TAccountsAreaDeps {
  mailer: TMailer;
  jobs: Pick<TJobRunner, 'runNow'>;
  realtime: TRealtimeHub;
  /** The purge removes the member's photos and chat photos from the store and their data exports from `dataDir`. */
  store: TPhotoStore;
  dataDir: string;
  /** The purge revokes the member's direct debit mandates at the payment service. */
  provider: Pick<TPaymentProvider, 'revokeMandate'>;
}

/**
 * The accounts area: signup, login and sessions (`accounts`), what a member changes about the account
 * (`accountChanges`), the list of sessions in settings (`sessions`), and their jobs: the reset and reactivation
 * requests, the purge after the deletion's grace and the daily storage limits.
 */
export function createAccountsArea(core: TCore, deps: TAccountsAreaDeps) {
  const { db, now, log } = core;
  const { mailer, jobs, realtime } = deps;
  const accounts = createAccountsService({ db, mailer, jobs, realtime, log, now });
  const accountChanges = createAccountChangesService({ db, mailer, jobs, realtime, log, now });
  const jobDefinitions: TJobDefinition[] = [
    // Look up the address of a reset or reactivation request off the request path (who is a member never leaks).
    defineJob(resetRequestJob, { policy: ADDRESS_REQUEST_POLICY, handler: accountChanges.runResetRequest }),
    defineJob(reactivationRequestJob, {
      policy: ADDRESS_REQUEST_POLICY,
      handler: accountChanges.runReactivationRequest,
    }),
    createPurgeAccountJob({ db, store: deps.store, provider: deps.provider, dataDir: deps.dataDir, now }),
    createRetentionJob({ db, now, log }),
  ];
  return {
    accounts,
    accountChanges,
    sessions: createSessionsService(core, { realtime }),
    jobs: jobDefinitions,
  };
}
