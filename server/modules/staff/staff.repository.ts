import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { TStaffRole, TStaffStatus } from '#common/staff.ts';
import type { TDb, TTx } from '#server/db/connect.ts';
import { sites, staff, staffRecoveryCodes, staffSessions, staffSites } from '#server/db/schema/index.ts';

export type TStaffRow = typeof staff.$inferSelect;

/** A staff member by lower-case email. */
export async function findStaffByEmail(db: TDb, email: string): Promise<TStaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.email, email));
  return row;
}

export async function findStaffById(db: TDb | TTx, id: number): Promise<TStaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, id));
  return row;
}

/** The staff member holding an unexpired enrolment token (by its hash). */
export async function findStaffByEnrolToken(db: TDb, tokenHash: string, now: Date): Promise<TStaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.enrolTokenHash, tokenHash), gt(staff.enrolExpiresAt, now)));
  return row;
}

/** The staff member holding an unexpired login ticket (by its hash). */
export async function findStaffByTicket(db: TDb, ticketHash: string, now: Date): Promise<TStaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.ticketHash, ticketHash), gt(staff.ticketExpiresAt, now)));
  return row;
}

export async function insertStaff(
  db: TDb | TTx,
  values: { email: string; name: string; role: TStaffRole; enrolTokenHash: string; enrolExpiresAt: Date },
): Promise<TStaffRow> {
  const [row] = await db.insert(staff).values(values).returning();
  return row;
}

/** Updates the given columns of a staff member. */
export async function updateStaff(
  db: TDb | TTx,
  id: number,
  values: Partial<typeof staff.$inferInsert>,
): Promise<void> {
  await db.update(staff).set(values).where(eq(staff.id, id));
}

/**
 * Accepts a TOTP time step once: sets it only when it is newer than the last accepted one, so two requests with the
 * same code cannot both pass. True when this request took it.
 */
export async function claimTotpStep(db: TDb, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staff)
    .set({ totpLastStep: step })
    .where(and(eq(staff.id, id), sql`coalesce(${staff.totpLastStep}, -1) < ${step}`))
    .returning({ id: staff.id });
  return rows.length === 1;
}

/** Every staff member with their site limits, by name. */
export async function listStaff(db: TDb): Promise<(TStaffRow & { siteIds: number[] })[]> {
  const rows = await db.select().from(staff).orderBy(asc(staff.name), asc(staff.id));
  const limits = await db.select().from(staffSites);
  return rows.map((row) => ({
    ...row,
    siteIds: limits.filter((l) => l.staffId === row.id).map((l) => l.siteId),
  }));
}

/** The sites a staff member is limited to (empty: every site). */
export async function findStaffSiteIds(db: TDb | TTx, staffId: number): Promise<number[]> {
  const rows = await db.select({ siteId: staffSites.siteId }).from(staffSites).where(eq(staffSites.staffId, staffId));
  return rows.map((r) => r.siteId).sort((a, b) => a - b);
}

/** Replaces a staff member's site limits. */
export async function setStaffSites(tx: TTx, staffId: number, siteIds: number[]): Promise<void> {
  await tx.delete(staffSites).where(eq(staffSites.staffId, staffId));
  if (siteIds.length) await tx.insert(staffSites).values(siteIds.map((siteId) => ({ staffId, siteId })));
}

/** Replaces a staff member's recovery codes (hashes). */
export async function replaceRecoveryCodes(tx: TTx, staffId: number, codeHashes: string[]): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ staffId, codeHash })));
}

/** Uses an unused recovery code once; true when this request used it. */
export async function consumeRecoveryCode(
  db: TDb,
  { staffId, codeHash, now }: { staffId: number; codeHash: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.staffId, staffId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ staffId: staffRecoveryCodes.staffId });
  return rows.length === 1;
}

/** How many recovery codes a staff member has left. */
export async function countRecoveryCodes(db: TDb, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertStaffSession(db: TDb, values: typeof staffSessions.$inferInsert): Promise<void> {
  await db.insert(staffSessions).values(values);
}

/**
 * The active staff member of a live session (used within the idle limit), with the session's last use; a session past
 * it is deleted on the way.
 */
export async function findStaffSession(
  db: TDb,
  { sessionId, idleSince }: { sessionId: string; idleSince: Date },
): Promise<{ staff: TStaffRow; lastSeenAt: Date } | undefined> {
  const [row] = await db
    .select({ staff, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sessionId), gt(staffSessions.lastSeenAt, idleSince), eq(staff.status, 'active')));
  return row;
}

/** Records a session's use (at most once a minute: a conditional update). */
export async function touchStaffSession(db: TDb, sessionId: string, now: Date): Promise<void> {
  await db
    .update(staffSessions)
    .set({ lastSeenAt: now })
    .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.lastSeenAt, new Date(now.getTime() - 60_000))));
}

export async function deleteStaffSession(db: TDb, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Ends every session of the given staff members (disabled, role changed, 2FA reset). */
export async function deleteStaffSessions(db: TDb | TTx, staffIds: number[]): Promise<void> {
  if (staffIds.length) await db.delete(staffSessions).where(inArray(staffSessions.staffId, staffIds));
}

/** Deletes sessions idle past the limit (housekeeping on login). */
export async function deleteIdleStaffSessions(db: TDb, idleSince: Date): Promise<void> {
  await db.delete(staffSessions).where(lt(staffSessions.lastSeenAt, idleSince));
}

/** Number of staff in a status (the demo seeds an owner only when there is none). */
export async function countStaff(db: TDb, status?: TStaffStatus): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staff)
    .where(status ? eq(staff.status, status) : undefined);
  return row?.n ?? 0;
}

/** Sites for the console's pickers: every site, or the given ones. */
export async function listSiteOptions(
  db: TDb,
  siteIds: number[] | null,
): Promise<{ id: number; name: string; domain: string }[]> {
  return db
    .select({ id: sites.id, name: sites.name, domain: sites.domain })
    .from(sites)
    .where(siteIds ? inArray(sites.id, siteIds) : undefined)
    .orderBy(asc(sites.name), asc(sites.id));
}
