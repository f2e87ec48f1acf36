import {
  SITE_FIELD_NAMES,
  type TCompany,
  type TCompanyInput,
  type TSiteFieldName,
  type TSiteInput,
  type TSitePatch,
  type TSiteSettings,
} from '#common/site-fields.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import { AppError } from '#server/lib/app-error.ts';
import { listBundleRows } from '../payments/price-admin.repository.ts';
import { bundleIssues, type TIssue } from '../payments/bundle-rules.ts';
import {
  clearOtherDefaults,
  countSitesOf,
  deleteCompanyRow,
  findOtherSiteByDomain,
  hasDefaultSite,
  insertCompany,
  insertSite,
  listCompanyRows,
  listSiteRows,
  lockCompany,
  lockSite,
  updateCompanyRow,
  updateSiteRow,
  type TNewCompany,
  type TNewSite,
} from './site-admin.repository.ts';
import type { TCompanyRow, TSiteRow } from './sites.repository.ts';
import type { TSitesService } from './sites.service.ts';

export type { TAuditEntry, TAuditFn } from '../staff/audit.repository.ts';
import type { TAuditFn } from '../staff/audit.repository.ts';

/** Columns whose name is not the camel case of the setting's API name. */
const COLUMN_OF: Partial<Record<TSiteFieldName, keyof TSiteRow>> = {
  site_entry_popup_countries: 'entryPopupCountries',
};

/** The `sites` column of a setting. */
export function columnOf(name: TSiteFieldName): keyof TSiteRow {
  return COLUMN_OF[name] ?? (name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()) as keyof TSiteRow);
}

/** A site row as the console's editor shows it (API names). */
export function toSiteSettings(row: TSiteRow): TSiteSettings {
  const out: Record<string, unknown> = { id: row.id };
  for (const name of SITE_FIELD_NAMES) out[name] = row[columnOf(name)];
  return out as TSiteSettings;
}

/** A settings change as column values. */
function toColumns(patch: TSitePatch): Partial<TNewSite> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(patch)) {
    if (value !== undefined) out[columnOf(name as TSiteFieldName)] = value;
  }
  return out as Partial<TNewSite>;
}

/** A company row as the console shows it (the `/api/companyinfo.php` names). */
export function toCompany(row: TCompanyRow): TCompany {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    country: row.country,
    kvk: row.kvk,
    vat_numbers: row.vatNumbers,
    tradenames: row.tradenames,
    support_phone: row.supportPhone,
    delete_discount: row.deleteDiscount,
    added: row.added.toISOString(),
  };
}

function companyColumns(input: TCompanyInput): Omit<TNewCompany, 'added'> {
  return {
    name: input.name,
    address: input.address,
    city: input.city,
    country: input.country,
    kvk: input.kvk,
    vatNumbers: input.vat_numbers,
    tradenames: input.tradenames,
    supportPhone: input.support_phone,
    deleteDiscount: input.delete_discount,
  };
}

/** Only what changed, before and after (for the audit log). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

const refuse = (issues: TIssue[]) => new AppError('invalid_request', { issues });

/**
 * The operating companies and the sites (issue 30 "Sites, company and prices"), as owners and admins set them up in
 * the console. Every change records an audit entry in its transaction and drops this process's site cache; other
 * processes see it when their cached entry expires (30 s, sites.service.ts).
 */
export function createSiteAdminService(
  core: Pick<TCore, 'db' | 'log'>,
  deps: { sites: Pick<TSitesService, 'invalidate'>; audit: TAuditFn },
) {
  const { db, log } = core;
  const { audit, sites } = deps;
  const changed = () => sites.invalidate();

  /** Checks a site's domain and company, and its prices against its bundles. */
  async function check(tx: TTx, row: Omit<TSiteRow, 'id' | 'createdAt'> & { id: number }) {
    const issues: TIssue[] = [];
    if (await findOtherSiteByDomain(tx, row.domain, row.id))
      issues.push({ path: 'domain', message: 'sites.error.domain_taken' });
    if (!(await lockCompany(tx, row.companyId))) issues.push({ path: 'company_id', message: 'sites.error.no_company' });
    if (row.id > 0) issues.push(...bundleIssues(row, await listBundleRows(tx, { siteId: row.id, activeOnly: true })));
    if (issues.length) throw refuse(issues);
  }

  return {
    async listCompanies(): Promise<TCompany[]> {
      return (await listCompanyRows(db)).map(toCompany);
    },
    async createCompany(staffId: number, input: TCompanyInput): Promise<TCompany> {
      const row = await db.transaction(async (tx) => {
        const created = await insertCompany(tx, companyColumns(input));
        await audit(tx, {
          staffId,
          action: 'company.create',
          subject: `company:${created.id}`,
          after: toCompany(created),
        });
        return created;
      });
      log.info({ companyId: row.id }, 'company created');
      return toCompany(row);
    },
    async updateCompany(staffId: number, id: number, input: TCompanyInput): Promise<TCompany> {
      const row = await db.transaction(async (tx) => {
        const before = await lockCompany(tx, id);
        if (!before) throw new AppError('not_found');
        const after = await updateCompanyRow(tx, id, companyColumns(input));
        await audit(tx, {
          staffId,
          action: 'company.update',
          subject: `company:${id}`,
          ...changes(toCompany(before), toCompany(after)),
        });
        return after;
      });
      changed();
      return toCompany(row);
    },
    /** Deletes a company that runs no site. */
    async deleteCompany(staffId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockCompany(tx, id);
        if (!before) throw new AppError('not_found');
        if ((await countSitesOf(tx, id)) > 0) throw refuse([{ path: 'id', message: 'sites.error.company_in_use' }]);
        await deleteCompanyRow(tx, id);
        await audit(tx, { staffId, action: 'company.delete', subject: `company:${id}`, before: toCompany(before) });
      });
    },

    /** Sites in id order (only `siteIds` when the staff member is limited to some). */
    async listSites(siteIds: number[] | null): Promise<TSiteSettings[]> {
      return (await listSiteRows(db, siteIds)).map(toSiteSettings);
    },
    async getSite(id: number): Promise<TSiteSettings> {
      const [row] = await listSiteRows(db, [id]);
      if (!row) throw new AppError('not_found');
      return toSiteSettings(row);
    },
    /** Creates a site; the first one (or one asked to be) becomes the default that unknown hosts get. */
    async createSite(staffId: number, input: TSiteInput): Promise<TSiteSettings> {
      const row = await db.transaction(async (tx) => {
        const values = toColumns(input) as TNewSite;
        await check(tx, { ...(values as TSiteRow), id: 0 });
        const isDefault = input.is_default || !(await hasDefaultSite(tx));
        const created = await insertSite(tx, { ...values, isDefault });
        if (isDefault) await clearOtherDefaults(tx, created.id);
        const after = toSiteSettings(created);
        await audit(tx, { staffId, action: 'site.create', siteId: created.id, subject: `site:${created.id}`, after });
        return created;
      });
      changed();
      log.info({ siteId: row.id }, 'site created');
      return toSiteSettings(row);
    },
    /** Changes some of a site's settings; prices are checked against the site's bundles. */
    async updateSite(staffId: number, id: number, patch: TSitePatch): Promise<TSiteSettings> {
      const row = await db.transaction(async (tx) => {
        const before = await lockSite(tx, id);
        if (!before) throw new AppError('not_found');
        if (patch.is_default === false && before.isDefault) {
          throw refuse([{ path: 'is_default', message: 'sites.error.default_needed' }]);
        }
        const values = toColumns(patch);
        await check(tx, { ...before, ...(values as Partial<TSiteRow>) });
        const after = await updateSiteRow(tx, id, values);
        if (patch.is_default) await clearOtherDefaults(tx, id);
        const diff = changes(toSiteSettings(before), toSiteSettings(after));
        await audit(tx, { staffId, action: 'site.update', siteId: id, subject: `site:${id}`, ...diff });
        return after;
      });
      changed();
      return toSiteSettings(row);
    },
  };
}

export type TSiteAdminService = ReturnType<typeof createSiteAdminService>;
