import { eq } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { companies, sites } from '#server/db/schema/index.ts';

export type TSiteRow = typeof sites.$inferSelect;
export type TCompanyRow = typeof companies.$inferSelect;

/** Finds the site serving a domain. */
export async function findSiteByDomain(db: TDb, domain: string): Promise<TSiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.domain, domain)).limit(1);
  return row;
}

/** Finds the default site (serves localhost and unknown hosts). */
/** A site by id. */
export async function findSiteById(db: TDb | TTx, id: number): Promise<TSiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id)).limit(1);
  return row;
}

export async function findDefaultSite(db: TDb): Promise<TSiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return row;
}

/** Finds a company by id. */
export async function findCompany(db: TDb, id: number): Promise<TCompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/** What every site is called and speaks, by domain (kept for pages answered while the database is down). */
export async function listSiteNames(
  db: TDb,
): Promise<{ domain: string; name: string; domainLanguage: string; isDefault: boolean }[]> {
  return db
    .select({
      domain: sites.domain,
      name: sites.name,
      domainLanguage: sites.domainLanguage,
      isDefault: sites.isDefault,
    })
    .from(sites);
}
