import { and, asc, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { TReportSnapshot } from '#common/moderation.ts';
import type { TDb } from '#server/db/connect.ts';
import { complaints, conversations, messages, photos, profiles, reports, users } from '#server/db/schema/index.ts';
import { photoUrls } from '../photos/photo-store.ts';
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

/** The reported profile as it is now (the evidence a report keeps): texts, attributes and its live photos' urls. */
export async function snapshotProfile(db: TDb, profileId: number): Promise<TReportSnapshot | undefined> {
  const [p] = await db.select().from(profiles).where(eq(profiles.id, profileId)).limit(1);
  if (!p) return undefined;
  const rows = await db
    .select({ id: photos.id, fileKey: photos.fileKey, censoredKey: photos.censoredKey })
    .from(photos)
    .where(and(eq(photos.profileId, profileId), eq(photos.status, 'live')))
    .orderBy(desc(photos.isMain), asc(photos.position));
  return {
    name: p.name,
    gender: p.gender,
    birthDate: p.birthDate,
    country: p.country,
    city: p.city,
    aboutMe: p.aboutMe,
    attributes: {
      hair_color: p.hairColor,
      eye_color: p.eyeColor,
      body_type: p.bodyType,
      relationship_status: p.relationshipStatus,
      tattoos: p.tattoos,
      height_cm: p.heightCm,
    },
    interests: p.interests,
    photos: rows.map((r) => ({ id: r.id, url: photoUrls(r, '', false).filename })),
  };
}

/** The site a report belongs to: the reported member's, else (a fictional profile) the reporter's. */
export async function reportSiteOf(db: TDb, reporterProfileId: number, profileId: number): Promise<number | null> {
  const rows = await db
    .select({ profileId: users.profileId, siteId: users.siteId })
    .from(users)
    .where(inArray(users.profileId, [reporterProfileId, profileId]));
  const of = (id: number) => rows.find((r) => r.profileId === id)?.siteId;
  return of(profileId) ?? of(reporterProfileId) ?? null;
}

/** How many of these messages the reported profile sent to the reporter (in their conversation). */
export async function countMessagesBetween(
  db: TDb,
  ids: number[],
  pair: { senderProfileId: number; readerProfileId: number },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        inArray(messages.id, ids),
        eq(messages.senderProfileId, pair.senderProfileId),
        or(eq(conversations.profileA, pair.readerProfileId), eq(conversations.profileB, pair.readerProfileId)),
      ),
    );
  return row?.n ?? 0;
}
