import { and, eq, gt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '#server/db/connect.ts';
import { conversationMembers, conversations, likes, profiles } from '#server/db/schema/index.ts';
import { listedFor, notBlockedWith } from '#server/db/visibility.ts';

// The navigation and push badges (issue 31): counted in the database by the rules the conversation list
// (chat/chat-list.repository.ts) and the likes list (likes/likes.repository.ts) show by. A module of its own, so chat,
// likes and the notifier can all read it without importing each other.

/**
 * The member's unread messages, as the conversation list sums them (blocked members' conversations left out; a
 * conversation with unread messages always has one after what the member deleted), without building the list.
 */
export async function countUnread(db: TDb | TTx, profileId: number): Promise<number> {
  const other = sql`case when ${conversations.profileA} = ${profileId} then ${conversations.profileB} else ${conversations.profileA} end`;
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(profiles, eq(profiles.id, other))
    .where(
      and(eq(conversationMembers.profileId, profileId), gt(conversationMembers.unread, 0), notBlockedWith(profileId)),
    );
  return Number(row?.n ?? 0);
}

/** The new likes to the viewer that the likes list shows (from listed, unblocked members), counted in the database. */
export async function countNewLikes(db: TDb | TTx, viewerProfileId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.id, likes.likerProfileId))
    .where(and(eq(likes.likedProfileId, viewerProfileId), eq(likes.isNew, true), listedFor(viewerProfileId)));
  return Number(row?.n ?? 0);
}
