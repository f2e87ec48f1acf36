import { and, asc, desc, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { creditPackages, discountCodes, discountRedemptions } from '#server/db/schema/index.ts';

export type TBundleRow = typeof creditPackages.$inferSelect;
export type TNewBundle = typeof creditPackages.$inferInsert;
export type TCampaignRow = typeof discountCodes.$inferSelect & { uses: number };
export type TNewCampaign = typeof discountCodes.$inferInsert;

/** A site's bundles by country and position (only those on sale with `activeOnly`). */
export async function listBundleRows(
  db: TDb | TTx,
  filter: { siteId: number; country?: string; activeOnly?: boolean },
): Promise<TBundleRow[]> {
  const where: SQL[] = [eq(creditPackages.siteId, filter.siteId)];
  if (filter.country) where.push(eq(creditPackages.country, filter.country));
  if (filter.activeOnly) where.push(eq(creditPackages.active, true));
  return db
    .select()
    .from(creditPackages)
    .where(and(...where))
    .orderBy(asc(creditPackages.country), asc(creditPackages.position), asc(creditPackages.id));
}

export async function lockBundle(tx: TTx, id: number): Promise<TBundleRow | undefined> {
  const [row] = await tx.select().from(creditPackages).where(eq(creditPackages.id, id)).for('update');
  return row;
}

/** The site of a bundle (for the access check before anything else). */
export async function findBundleSite(db: TDb, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ siteId: creditPackages.siteId })
    .from(creditPackages)
    .where(eq(creditPackages.id, id));
  return row?.siteId;
}

export async function insertBundle(tx: TTx, values: TNewBundle): Promise<TBundleRow> {
  const [row] = await tx.insert(creditPackages).values(values).returning();
  return row;
}

export async function updateBundleRow(tx: TTx, id: number, values: Partial<TNewBundle>): Promise<TBundleRow> {
  const [row] = await tx.update(creditPackages).set(values).where(eq(creditPackages.id, id)).returning();
  return row;
}

/** How many members redeemed each code (a payment started with it that did not end without money). */
const uses = sql<number>`(select count(*)::int from ${discountRedemptions} where ${discountRedemptions.discountCodeId} = ${discountCodes.id})`;

/** Campaigns (codes for everyone of kind 'campaign'), newest first, only of the given sites when given. */
export async function listCampaignRows(db: TDb, siteIds: number[] | null): Promise<TCampaignRow[]> {
  const where: SQL[] = [eq(discountCodes.kind, 'campaign')];
  if (siteIds) where.push(inArray(discountCodes.siteId, siteIds));
  return db
    .select({ ...getTableColumns(discountCodes), uses })
    .from(discountCodes)
    .where(and(...where))
    .orderBy(desc(discountCodes.id));
}

/** A campaign with its use count, locked for an update in the transaction. */
export async function lockCampaign(tx: TTx, id: number): Promise<TCampaignRow | undefined> {
  const [row] = await tx
    .select({ ...getTableColumns(discountCodes), uses })
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.kind, 'campaign')))
    .for('update');
  return row;
}

/** The site of a campaign (for the access check); undefined for an unknown id or a code that is no campaign. */
export async function findCampaignSite(db: TDb, id: number): Promise<number | null | undefined> {
  const [row] = await db
    .select({ siteId: discountCodes.siteId })
    .from(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.kind, 'campaign')));
  return row ? row.siteId : undefined;
}

/** Whether a code text is taken (codes are unique case-insensitively). */
export async function codeTaken(tx: TTx, code: string, exceptId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(sql`upper(${discountCodes.code})`, code.toUpperCase()), sql`${discountCodes.id} <> ${exceptId}`))
    .limit(1);
  return !!row;
}

export async function insertCampaign(tx: TTx, values: TNewCampaign): Promise<number> {
  const [row] = await tx.insert(discountCodes).values(values).returning({ id: discountCodes.id });
  return row.id;
}

export async function updateCampaignRow(tx: TTx, id: number, values: Partial<TNewCampaign>): Promise<void> {
  await tx.update(discountCodes).set(values).where(eq(discountCodes.id, id));
}

/** How many members redeemed a code. */
export async function countRedemptions(db: TDb | TTx, codeId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.discountCodeId, codeId));
  return row.n;
}
