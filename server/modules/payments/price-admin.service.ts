import type { TBundle, TBundleInput, TCampaign, TCampaignInput } from '#common/price-fields.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TAuditFn } from '../staff/audit.repository.ts';
import { bundleIssues } from './bundle-rules.ts';
import {
  codeTaken,
  findBundleSite,
  findCampaignSite,
  insertBundle,
  insertCampaign,
  listBundleRows,
  listCampaignRows,
  lockBundle,
  lockCampaign,
  updateBundleRow,
  updateCampaignRow,
  type TBundleRow,
  type TCampaignRow,
  type TNewBundle,
  type TNewCampaign,
} from './price-admin.repository.ts';

export function toBundle(row: TBundleRow): TBundle {
  const { id, siteId, country, position, credits, priceMinor, currency, active } = row;
  return { bundleId: id, siteId, country, position, credits, price_minor: priceMinor, currency, active };
}

function bundleColumns(input: TBundleInput): TNewBundle {
  const { siteId, country, position, credits, currency, active } = input;
  return { siteId, country, position, credits, priceMinor: input.price_minor, currency, active };
}

export function toCampaign(row: TCampaignRow): TCampaign {
  return {
    campaignId: row.id,
    siteId: row.siteId ?? 0,
    code: row.code,
    percentage: row.valuePercentage,
    countries: row.countries,
    methods: row.paymentMethods as TCampaign['methods'],
    minimum_order: row.minimumOrderValue,
    currency: row.currency,
    starts_at: row.startsAt?.toISOString() ?? null,
    expires: row.expires.toISOString(),
    max_uses: row.maxUses,
    active: row.status === 'active',
    uses: row.uses,
  };
}

function campaignColumns(input: TCampaignInput): Omit<TNewCampaign, 'kind'> {
  return {
    siteId: input.siteId,
    code: input.code.trim().toUpperCase(),
    valuePercentage: input.percentage,
    countries: input.countries,
    paymentMethods: input.methods,
    minimumOrderValue: input.minimum_order,
    currency: input.currency,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    expires: new Date(input.expires),
    maxUses: input.max_uses,
    status: input.active ? 'active' : 'disabled',
  };
}

/**
 * Credit bundles per site and country and discount campaigns, as admins set them in the console. A bundle is checked
 * against the site's `minimum_message_costs` (bundle-rules.ts) before it is stored; a bundle is never deleted (payments
 * name it), only taken off sale. Every change records an audit entry in its transaction.
 */
/** A site's prices as the bundle rule reads them (the composition root passes the sites service's lookup). */
type TPricedSite = Parameters<typeof bundleIssues>[0];

export function createPriceAdminService(
  core: Pick<TCore, 'db' | 'log'>,
  deps: { audit: TAuditFn; siteById: (id: number) => Promise<TPricedSite | undefined> },
) {
  const { db } = core;
  const { audit } = deps;

  async function assertPriced(input: TBundleInput, bundleId?: number) {
    const site = await deps.siteById(input.siteId);
    if (!site) throw new AppError('not_found');
    const issues = bundleIssues(site, [
      { country: input.country, credits: input.credits, priceMinor: input.price_minor, currency: input.currency },
    ]);
    if (input.active && issues.length) throw new AppError('invalid_request', { issues, bundleId });
  }

  return {
    /** The site of a bundle or campaign id, for the access check (undefined: no such thing). */
    bundleSite: (bundleId: number) => findBundleSite(db, bundleId),
    campaignSite: async (campaignId: number) => (await findCampaignSite(db, campaignId)) ?? undefined,

    async listBundles(siteId: number, country?: string): Promise<TBundle[]> {
      return (await listBundleRows(db, { siteId, country })).map(toBundle);
    },
    async createBundle(staffId: number, input: TBundleInput): Promise<TBundle> {
      await assertPriced(input);
      return db.transaction(async (tx) => {
        const row = toBundle(await insertBundle(tx, bundleColumns(input)));
        await audit(tx, {
          staffId,
          action: 'bundle.create',
          siteId: row.siteId,
          subject: `bundle:${row.bundleId}`,
          after: row,
        });
        return row;
      });
    },
    /** Changes a bundle (not its site: a bundle stays with the site it was made for). */
    async updateBundle(staffId: number, bundleId: number, input: TBundleInput): Promise<TBundle> {
      await assertPriced(input, bundleId);
      return db.transaction(async (tx) => {
        const before = await lockBundle(tx, bundleId);
        if (!before || before.siteId !== input.siteId) throw new AppError('not_found');
        const after = toBundle(await updateBundleRow(tx, bundleId, bundleColumns(input)));
        await audit(tx, {
          staffId,
          action: 'bundle.update',
          siteId: after.siteId,
          subject: `bundle:${bundleId}`,
          before: toBundle(before),
          after,
        });
        return after;
      });
    },

    async listCampaigns(siteIds: number[] | null): Promise<TCampaign[]> {
      return (await listCampaignRows(db, siteIds)).map(toCampaign);
    },
    async createCampaign(staffId: number, input: TCampaignInput): Promise<TCampaign> {
      return db.transaction(async (tx) => {
        if (await codeTaken(tx, input.code.trim(), 0))
          throw new AppError('invalid_request', { issues: [{ path: 'code', message: 'sites.error.code_taken' }] });
        const id = await insertCampaign(tx, { ...campaignColumns(input), kind: 'campaign' });
        const row = toCampaign((await lockCampaign(tx, id))!);
        await audit(tx, {
          staffId,
          action: 'campaign.create',
          siteId: input.siteId,
          subject: `campaign:${id}`,
          after: row,
        });
        return row;
      });
    },
    /** Changes a campaign (not its site); its use count stays. */
    async updateCampaign(staffId: number, campaignId: number, input: TCampaignInput): Promise<TCampaign> {
      return db.transaction(async (tx) => {
        const before = await lockCampaign(tx, campaignId);
        if (!before || before.siteId !== input.siteId) throw new AppError('not_found');
        if (await codeTaken(tx, input.code, campaignId))
          throw new AppError('invalid_request', { issues: [{ path: 'code', message: 'sites.error.code_taken' }] });
        await updateCampaignRow(tx, campaignId, campaignColumns(input));
        const after = toCampaign((await lockCampaign(tx, campaignId))!);
        await audit(tx, {
          staffId,
          action: 'campaign.update',
          siteId: input.siteId,
          subject: `campaign:${campaignId}`,
          before: toCampaign(before),
          after,
        });
        return after;
      });
    },
  };
}

export type TPriceAdminService = ReturnType<typeof createPriceAdminService>;
