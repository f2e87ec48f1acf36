import { and, eq, gte, or, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import { complaints, photos, profiles, reports } from '#server/db/schema/index.ts';
import { blockedProfileIds, listedFor } from '#server/db/visibility.ts';

export type TNewReport = typeof reports.$inferInsert;
export type TNewComplaint = typeof complaints.$inferInsert;

/**
 * True when the member may report the profile: it is visible to them (active, not invisible, no block), or there
 * is a block between the two in either direction (the blocked or blocking member can still be reported).
 */
export async function isProfileReportableBy(db: TDb, reporterProfileId: number, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        or(listedFor(reporterProfileId), sql`${profiles.id} in (${blockedProfileIds(reporterProfileId)})`),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** True when the photo belongs to the profile. */
export async function isPhotoOfProfile(db: TDb, photoId: string, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.profileId, profileId)))
    .limit(1);
  return Boolean(row);
}

/** Stores a report once per (reporter, profile, photo); a repeat leaves the first one as it is. */
export async function insertReportOnce(db: TDb, report: TNewReport): Promise<void> {
  await db.insert(reports).values(report).onConflictDoNothing();
}

/** Stores a complaint and returns its number. */
export async function insertComplaint(db: TDb, complaint: TNewComplaint): Promise<number> {
  const [row] = await db.insert(complaints).values(complaint).returning({ id: complaints.id });
  return row.id;
}

/** Complaints that named this email address since a moment (the receipt limit per recipient). */
export async function countComplaintsTo(db: TDb, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(complaints)
    .where(and(eq(complaints.email, email), gte(complaints.createdAt, since)));
  return row?.n ?? 0;
}
