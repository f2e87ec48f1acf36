import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '#server/db/connect.ts';
import {
  conversationMembers,
  conversations,
  messages,
  photos,
  profiles,
  sessions,
  users,
} from '#server/db/schema/index.ts';
import { notBlockedWith } from '#server/db/visibility.ts';
import { CARD_COLUMNS, type TCardRow } from '../profiles/profiles.repository.ts';

/** The newest message of a conversation the list shows (after what the member deleted). */
export interface TLastMessageRow {
  kind: string;
  body: string;
  fromMe: boolean;
  createdAt: Date;
}

export type TChatRow = TCardRow & {
  conversationId: number;
  unread: number;
  lastMessageAt: Date;
  lastMessage: TLastMessageRow | null;
  /** The other member's last request (any of their sessions); null when invisible, fictional or never seen. */
  lastSeenAt: Date | null;
};

/** How many characters of a text message the list keeps as its preview. */
export const PREVIEW_LENGTH = 120;

/**
 * A member's conversations, newest first, without those deleted since their last message or with blocked members;
 * each with its newest message and the other member's last activity, in one query (no query per conversation).
 */
export async function findChats(db: TDb, profileId: number): Promise<TChatRow[]> {
  const other = sql`case when ${conversations.profileA} = ${profileId} then ${conversations.profileB} else ${conversations.profileA} end`;
  const rows = await db
    .select({
      ...CARD_COLUMNS,
      conversationId: conversations.id,
      unread: conversationMembers.unread,
      lastMessageAt: conversations.lastMessageAt,
      lastMessage: sql<{ kind: string; body: string; from_me: boolean; created_at: string } | null>`(
        select json_build_object('kind', m.kind, 'body', left(m.body, ${PREVIEW_LENGTH}),
          'from_me', m.sender_profile_id = ${profileId}, 'created_at', m.created_at)
        from ${messages} m
        where m.conversation_id = ${conversations.id} and m.id > ${conversationMembers.clearedUpTo}
        order by m.id desc limit 1)`,
      // Invisible mode hides it (spec §2 invisible mode); fictional profiles have no account.
      lastSeenAt: sql<string | null>`(
        select max(coalesce(s.last_seen_at, s.created_at)) from ${users} u join ${sessions} s on s.user_id = u.id
        where u.profile_id = ${profiles.id} and u.invisible = false and ${profiles.invisible} = false)`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(profiles, eq(profiles.id, other))
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(
      and(
        eq(conversationMembers.profileId, profileId),
        notBlockedWith(profileId),
        // Only conversations with a message the member has not deleted.
        sql`exists (select 1 from ${messages} m where m.conversation_id = ${conversations.id} and m.id > ${conversationMembers.clearedUpTo})`,
      ),
    )
    .orderBy(desc(conversations.lastMessageAt));
  return rows.map((r) => ({
    ...r,
    lastMessage: r.lastMessage
      ? {
          kind: r.lastMessage.kind,
          body: r.lastMessage.body,
          fromMe: r.lastMessage.from_me,
          createdAt: new Date(r.lastMessage.created_at),
        }
      : null,
    lastSeenAt: r.lastSeenAt ? new Date(r.lastSeenAt) : null,
  })) as TChatRow[];
}
