import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import {
  findCompany,
  findDefaultSite,
  findSiteByDomain,
  findSiteById,
  listSiteNames,
  type TCompanyRow,
  type TSiteRow,
} from './sites.repository.ts';

export type TSite = TSiteRow & { company: TCompanyRow };

/** What a page needs of a site when the database cannot be asked: its domain, name and language. */
export type TKnownSite = Pick<TSiteRow, 'domain' | 'name' | 'domainLanguage'>;

const CACHE_TTL_MS = 30_000;
const HOSTNAME = /^[a-z0-9]([a-z0-9-]{0,62}\.)*[a-z0-9-]{1,63}$/;

/** Normalises a Host header or forced-domain value to a bare lowercase hostname, or null if malformed. */
export function normaliseHost(value: string | undefined | null): string | null {
  if (!value) return null;
  let host = value.trim().toLowerCase();
  if (host.startsWith('[')) return null;
  host = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (host.startsWith('www.')) host = host.slice(4);
  return host.length <= 253 && HOSTNAME.test(host) ? host : null;
}

/**
 * The stand-in site of a request while no site exists yet (a fresh production database): only the console (`/admin`,
 * `/api/admin`) is served with it, so the owner can create the company and the first site. Never stored, id 0.
 */
export function setupSite(host: string | null): TSite {
  const added = new Date(0);
  const company: TCompanyRow = {
    id: 0,
    name: '',
    address: '',
    kvk: '',
    city: '',
    country: 'NL',
    tradenames: [],
    vatNumbers: [],
    supportPhone: '',
    deleteDiscount: 0,
    added,
  };
  // Cast: a column added later (with its database default) needs no entry here; nothing member-facing reads this site.
  return {
    id: 0,
    domain: host ?? 'localhost',
    isDefault: true,
    companyId: 0,
    name: host ?? 'localhost',
    niche: 1,
    indexTitle: '',
    description: '',
    domainLanguage: 'en',
    fictionalIcon: true,
    photoModeration: 'post',
    mailName: '',
    supportEmail: '',
    supportPhone: '',
    cdnPrefix: '',
    messageCredits: 10,
    photoCredits: 15,
    giftCredits: 20,
    signupCredits: 0,
    messageLength: 1000,
    minimumMessageCosts: {},
    minAge: 18,
    refundDays: 14,
    enableSiteEntryPopup: 'no',
    entryPopupCountries: [],
    signups: 'closed',
    loggedOutSearch: 'none',
    loggedOutSearchTrafficsource: 'none',
    memberResell: false,
    partnerUrl: null,
    visibleProfileFields: [],
    visibleProfileNotes: false,
    searchFields: [],
    fictionalWarning: {},
    fictionalSingular: {},
    fictionalPlural: {},
    createdAt: added,
    company,
  } as TSite;
}

/** Resolves domains to sites with a short-lived cache (bounded lifetime, safe across processes). */
export function createSitesService(core: Pick<TCore, 'db'>) {
  const { db } = core;
  // The cache runs on the process's clock, not the core's business clock that tests move by days: an entry lives 30
  // real seconds whatever date a test plays.
  const now = Date.now;
  const cache = new Map<string, { site: TSite; expires: number }>();
  // Every site as last read, without expiry: the error page of a database outage still names the site and speaks its
  // language. Filled at start-up (`warm`) and by every later read.
  const known = new Map<string, TKnownSite>();
  let knownDefault: TKnownSite | undefined;

  /** Remembers what a read said of a site. */
  function remember(row: TKnownSite & { isDefault: boolean }): void {
    const entry = { domain: row.domain, name: row.name, domainLanguage: row.domainLanguage };
    known.set(row.domain, entry);
    if (row.isDefault) knownDefault = entry;
  }

  async function load(host: string | null): Promise<TSite> {
    const row = (host && (await findSiteByDomain(db, host))) || (await findDefaultSite(db));
    if (!row) throw new AppError('site_not_configured');
    const company = await findCompany(db, row.companyId);
    if (!company) throw new AppError('site_not_configured');
    remember(row);
    return { ...row, company };
  }

  return {
    /** Returns the site for a Host header value (unknown hosts get the default site). */
    async resolve(hostHeader: string | undefined | null): Promise<TSite> {
      const host = normaliseHost(hostHeader) ?? '';
      const hit = cache.get(host);
      if (hit && hit.expires > now()) return hit.site;
      const site = await load(host || null);
      if (cache.size > 1000) cache.clear();
      cache.set(host, { site, expires: now() + CACHE_TTL_MS });
      return site;
    },
    /** A site by id (background jobs: the site of a member), cached like `resolve`; undefined when unknown. */
    async byId(id: number): Promise<TSite | undefined> {
      const key = `#${id}`;
      const hit = cache.get(key);
      if (hit && hit.expires > now()) return hit.site;
      const row = await findSiteById(db, id);
      const company = row && (await findCompany(db, row.companyId));
      if (!row || !company) return undefined;
      const site = { ...row, company };
      if (cache.size > 1000) cache.clear();
      cache.set(key, { site, expires: now() + CACHE_TTL_MS });
      return site;
    },
    /** Reads every site's name and language (at start-up), for `lastKnown`. */
    async warm(): Promise<void> {
      for (const row of await listSiteNames(db)) remember(row);
    },
    /**
     * The site a Host header names as last read from the database (unknown hosts: the default site), without asking
     * it: for the page answered while it is down. Undefined when no site was ever read.
     */
    lastKnown(hostHeader: string | undefined | null): TKnownSite | undefined {
      const host = normaliseHost(hostHeader);
      return (host && known.get(host)) || knownDefault;
    },
    /** Drops cached sites (after an admin change or in tests). */
    invalidate() {
      cache.clear();
    },
  };
}

export type TSitesService = ReturnType<typeof createSitesService>;
