import { and, eq, or } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import { blocks, profiles } from '#server/db/schema/index.ts';

/** Whether a profile exists (in any state). */
export async function profileExists(db: TDb, profileId: number): Promise<boolean> {
  const [row] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, profileId)).limit(1);
  return Boolean(row);
}

/** Stores a block; a block that already exists stays as it is. */
export async function insertBlock(db: TDb, blockerProfileId: number, blockedProfileId: number): Promise<void> {
  await db.insert(blocks).values({ blockerProfileId, blockedProfileId }).onConflictDoNothing();
}

/** Removes one member's block of another. */
export async function deleteBlock(db: TDb, blockerProfileId: number, blockedProfileId: number): Promise<void> {
  await db
    .delete(blocks)
    .where(and(eq(blocks.blockerProfileId, blockerProfileId), eq(blocks.blockedProfileId, blockedProfileId)));
}

/** Which way a block stands between two profiles. */
export async function findBlockRelation(
  db: TDb,
  viewerProfileId: number,
  otherProfileId: number,
): Promise<{ blockedByMe: boolean; blockedMe: boolean }> {
  const rows = await db
    .select()
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerProfileId, viewerProfileId), eq(blocks.blockedProfileId, otherProfileId)),
        and(eq(blocks.blockerProfileId, otherProfileId), eq(blocks.blockedProfileId, viewerProfileId)),
      ),
    );
  return {
    blockedByMe: rows.some((r) => r.blockerProfileId === viewerProfileId),
    blockedMe: rows.some((r) => r.blockerProfileId === otherProfileId),
  };
}
