import { and, eq, sql } from 'drizzle-orm';
import { blocks, profiles } from './schema/index.ts';

/**
 * SQL condition: the profile row may appear in lists, search, likes and cards: active and not invisible. The same
 * text as the predicate of the partial index profiles_search_idx, so searches keep using it.
 */
export function listedProfile() {
  return and(eq(profiles.status, 'active'), eq(profiles.invisible, false));
}

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

/** SQL condition: the profile row is listed and no block stands between it and the viewer (what a member may see). */
export function listedFor(viewerProfileId: number) {
  return and(listedProfile(), notBlockedWith(viewerProfileId));
}
