import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { companies, sites } from '#server/db/schema/index.ts';
import type { TCompanyRow, TSiteRow } from './sites.repository.ts';

export type TNewCompany = typeof companies.$inferInsert;
export type TNewSite = typeof sites.$inferInsert;

/** Every company, oldest first. */
export async function listCompanyRows(db: TDb): Promise<TCompanyRow[]> {
  return db.select().from(companies).orderBy(asc(companies.id));
}

/** A company by id, locked for an update in the transaction. */
export async function lockCompany(tx: TTx, id: number): Promise<TCompanyRow | undefined> {
  const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
  return row;
}

export async function insertCompany(tx: TTx, values: TNewCompany): Promise<TCompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  return row;
}

export async function updateCompanyRow(tx: TTx, id: number, values: Partial<TNewCompany>): Promise<TCompanyRow> {
  const [row] = await tx.update(companies).set(values).where(eq(companies.id, id)).returning();
  return row;
}

/** How many sites a company runs. */
export async function countSitesOf(db: TDb | TTx, companyId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sites).where(eq(sites.companyId, companyId));
  return row.n;
}

export async function deleteCompanyRow(tx: TTx, id: number): Promise<void> {
  await tx.delete(companies).where(eq(companies.id, id));
}

/** Sites in id order, only the given ones when a list is given. */
export async function listSiteRows(db: TDb, ids: number[] | null): Promise<TSiteRow[]> {
  const query = db.select().from(sites);
  return (ids ? query.where(inArray(sites.id, ids)) : query).orderBy(asc(sites.id));
}

/** A site by id, locked for an update in the transaction. */
export async function lockSite(tx: TTx, id: number): Promise<TSiteRow | undefined> {
  const [row] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
  return row;
}

/** Whether any site is the default one (unknown hosts get it). */
export async function hasDefaultSite(tx: TTx): Promise<boolean> {
  const [row] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.isDefault, true)).limit(1);
  return !!row;
}

/** The site serving a domain, other than `exceptId`. */
export async function findOtherSiteByDomain(tx: TTx, domain: string, exceptId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.domain, domain), ne(sites.id, exceptId)))
    .limit(1);
  return row?.id;
}

export async function insertSite(tx: TTx, values: TNewSite): Promise<TSiteRow> {
  const [row] = await tx.insert(sites).values(values).returning();
  return row;
}

export async function updateSiteRow(tx: TTx, id: number, values: Partial<TNewSite>): Promise<TSiteRow> {
  const [row] = await tx.update(sites).set(values).where(eq(sites.id, id)).returning();
  return row;
}

/** Makes one site the default: every other loses the flag. */
export async function clearOtherDefaults(tx: TTx, id: number): Promise<void> {
  await tx.update(sites).set({ isDefault: false }).where(ne(sites.id, id));
}
