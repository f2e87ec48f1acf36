import type { TConfig } from '#server/config.ts';
import type { TCore } from '#server/core.ts';
import type { TJobRunner } from '#server/jobs/jobs.ts';
import type { TMailer } from '#server/mail/mailer.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import type { TPaymentsArea } from '../payments/payments.area.ts';
import type { TSite, TSitesService } from '../sites/sites.service.ts';
import { createMemberActionsService } from './member-actions.service.ts';
import { createMemberAdminService } from './member-admin.service.ts';
import { createPaymentAdminService } from './payment-admin.service.ts';
import type { TAuditWriter } from './staff-port.ts';

/** What the console's members and payments need besides the core. */
export interface TMemberAdminDeps {
  config: Pick<TConfig, 'publicUrl' | 'port'>;
  mailer: TMailer;
  jobs: Pick<TJobRunner, 'runNow'>;
  realtime: TRealtimeHub;
  sites: Pick<TSitesService, 'byId'>;
  payments: Pick<TPaymentsArea, 'provider' | 'refunds' | 'review'>;
  audit: TAuditWriter;
}

/**
 * Where emailed links of a site lead when staff send them (no member request to take the origin from): `PUBLIC_URL`
 * for the default site, `http://<domain>:<port>` for a loopback domain (the demo's `*.localhost` sites), otherwise
 * `https://<domain>`.
 */
export function staffLinkOrigin(site: Pick<TSite, 'domain' | 'isDefault'>, config: TMemberAdminDeps['config']) {
  if (site.isDefault && config.publicUrl) return config.publicUrl.replace(/\/$/, '');
  if (site.domain === 'localhost' || site.domain.endsWith('.localhost')) return `http://${site.domain}:${config.port}`;
  return `https://${site.domain}`;
}

/** The console's members and money: look-up, a member's page, staff actions, payments. */
export function createMemberAdminArea(core: TCore, deps: TMemberAdminDeps) {
  const { config, payments, audit } = deps;
  return {
    memberAdmin: createMemberAdminService(core),
    memberActions: createMemberActionsService(core, {
      ...deps,
      siteById: (siteId) => deps.sites.byId(siteId),
      originFor: (site) => staffLinkOrigin(site, config),
    }),
    paymentAdmin: createPaymentAdminService(core, { ...payments, audit }),
  };
}
