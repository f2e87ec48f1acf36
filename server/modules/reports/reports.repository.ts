import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/connect.ts';
import { complaints, photos, profiles, reports } from '../../db/schema/index.ts';
import { notBlockedWith } from '../profiles/blocks.service.ts';

export type TNewReport = typeof reports.$inferInsert;
export type TNewComplaint = typeof complaints.$inferInsert;

/** True when the viewer may see the profile: active, not invisible, no block in either direction. */
export async function isProfileVisibleTo(db: TDb, viewerProfileId: number, profileId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.status, 'active'),
        eq(profiles.invisible, false),
        notBlockedWith(viewerProfileId),
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
