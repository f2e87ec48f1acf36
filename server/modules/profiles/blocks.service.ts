import { and, eq, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/connect.ts';
import { blocks, profiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** SQL subquery: ids of the members the viewer blocked or was blocked by (those notBlockedWith hides). */
export function blockedProfileIds(viewerProfileId: number) {
  return sql`select b.blocked_profile_id from ${blocks} b where b.blocker_profile_id = ${viewerProfileId} union select b.blocker_profile_id from ${blocks} b where b.blocked_profile_id = ${viewerProfileId}`;
}

/**
 * SQL condition: no block in either direction between the viewer and the profile row being read. The viewer's
 * few blocked ids are read once into a hashed set (an OR-ed NOT EXISTS is re-checked against every block per row).
 */
export function notBlockedWith(viewerProfileId: number) {
  return sql`${profiles.id} not in (${blockedProfileIds(viewerProfileId)})`;
}

/** Blocking between members (spec §6). */
export function createBlocksService(db: TDb) {
  return {
    /** Blocks a member; idempotent. Refuses oneself and unknown members. */
    async block(viewerProfileId: number, targetProfileId: number): Promise<void> {
      if (viewerProfileId === targetProfileId) throw new AppError('invalid_request');
      const [target] = await db
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.id, targetProfileId))
        .limit(1);
      if (!target) throw new AppError('not_found');
      await db
        .insert(blocks)
        .values({ blockerProfileId: viewerProfileId, blockedProfileId: targetProfileId })
        .onConflictDoNothing();
    },
    /** Removes the viewer's own block of a member (a block the other member made stays). */
    async unblock(viewerProfileId: number, targetProfileId: number): Promise<void> {
      await db
        .delete(blocks)
        .where(and(eq(blocks.blockerProfileId, viewerProfileId), eq(blocks.blockedProfileId, targetProfileId)));
    },
    /** Which way a block stands between two profiles. */
    async relation(
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
    },
  };
}

export type TBlocksService = ReturnType<typeof createBlocksService>;
