import { and, eq, lt, sql } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '../../db/connect.ts';
import { conversationMembers, likes, messages, photos, profiles, users } from '../../db/schema/index.ts';

/** What the notifier needs of a message: its conversation, sender, recipient and whether the recipient read it. */
export async function findMessageFacts(db: TDb | TTx, messageId: number) {
  const rows = await queryRows<{
    id: string;
    conversation_id: number;
    sender_profile_id: number;
    recipient_profile_id: number;
    read_up_to: string;
    cleared_up_to: string;
    earlier_from_sender: boolean;
  }>(
    db,
    sql`select m.id, m.conversation_id, m.sender_profile_id, cm.profile_id as recipient_profile_id,
          cm.read_up_to, cm.cleared_up_to,
          exists (select 1 from ${messages} e where e.conversation_id = m.conversation_id
                  and e.sender_profile_id = m.sender_profile_id and e.id < m.id) as earlier_from_sender
        from ${messages} m
        join ${conversationMembers} cm on cm.conversation_id = m.conversation_id and cm.profile_id <> m.sender_profile_id
        where m.id = ${messageId}`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    senderProfileId: Number(r.sender_profile_id),
    recipientProfileId: Number(r.recipient_profile_id),
    /** Read (on screen, or the member opened the conversation since) or deleted by the recipient. */
    read: Number(r.read_up_to) >= Number(r.id) || Number(r.cleared_up_to) >= Number(r.id),
    firstFromSender: !r.earlier_from_sender,
  };
}

/** A like's state: whether it still stands, is still unseen by the liked member, and is mutual (a match). */
export async function findLikeFacts(db: TDb | TTx, likerProfileId: number, likedProfileId: number) {
  const [like] = await db
    .select({ isNew: likes.isNew, source: likes.source })
    .from(likes)
    .where(and(eq(likes.likerProfileId, likerProfileId), eq(likes.likedProfileId, likedProfileId)))
    .limit(1);
  if (!like) return undefined;
  const [back] = await db
    .select({ isNew: likes.isNew })
    .from(likes)
    .where(and(eq(likes.likerProfileId, likedProfileId), eq(likes.likedProfileId, likerProfileId)))
    .limit(1);
  return { isNew: like.isNew, source: like.source, match: Boolean(back) };
}

/** The account behind a profile, with what decides whether and how it is notified. */
export async function findRecipientByProfile(db: TDb | TTx, profileId: number) {
  const [row] = await db
    .select({
      userId: users.id,
      siteId: users.siteId,
      profileId: users.profileId,
      email: users.email,
      emailConfirmed: users.emailConfirmed,
      status: users.status,
      locale: users.locale,
      invisible: users.invisible,
      emailDisabled: users.notificationsDisabled,
      lastLoginAt: users.lastLoginAt,
      profileStatus: profiles.status,
      profileInvisible: profiles.invisible,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.id, users.profileId))
    .where(eq(users.profileId, profileId))
    .limit(1);
  return row;
}

/** The same, by account id. */
export async function findRecipientByUser(db: TDb | TTx, userId: number) {
  const [row] = await db.select({ profileId: users.profileId }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? findRecipientByProfile(db, row.profileId) : undefined;
}

export type TRecipient = NonNullable<Awaited<ReturnType<typeof findRecipientByProfile>>>;

/** A member as notifications show them: name, birth date, city, fictional flag and main photo. */
export async function findActorRow(db: TDb | TTx, profileId: number) {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      city: profiles.city,
      isFictional: profiles.isFictional,
      status: profiles.status,
      fileKey: photos.fileKey,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** Unread messages and new likes of a member (the push badge). */
export async function countBadge(db: TDb | TTx, profileId: number): Promise<number> {
  const [unread] = await db
    .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
    .from(conversationMembers)
    .where(eq(conversationMembers.profileId, profileId));
  const [fresh] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .where(and(eq(likes.likedProfileId, profileId), eq(likes.isNew, true)));
  return Number(unread?.n ?? 0) + Number(fresh?.n ?? 0);
}

/**
 * Members with a message unread for longer than `olderThan` (but not older than `notBefore`: one reminder per
 * stretch): the recipient, the conversation, the oldest unread message and the unread count.
 */
export async function findUnreadStretches(db: TDb | TTx, olderThan: Date, notBefore: Date, limit: number) {
  const rows = await queryRows<{
    profile_id: number;
    conversation_id: number;
    first_unread: string;
    sender_profile_id: number;
    unread: number;
  }>(
    db,
    sql`select cm.profile_id, cm.conversation_id, m.id as first_unread, m.sender_profile_id, cm.unread
        from ${conversationMembers} cm
        join lateral (
          select id, sender_profile_id, created_at from ${messages}
          where conversation_id = cm.conversation_id and sender_profile_id <> cm.profile_id
            and id > greatest(cm.read_up_to, cm.cleared_up_to)
          order by id limit 1
        ) m on true
        where cm.unread > 0 and m.created_at <= ${olderThan.toISOString()}::timestamptz
          and m.created_at > ${notBefore.toISOString()}::timestamptz
        order by m.id
        limit ${limit}`,
  );
  return rows.map((r) => ({
    profileId: Number(r.profile_id),
    conversationId: Number(r.conversation_id),
    firstUnread: Number(r.first_unread),
    senderProfileId: Number(r.sender_profile_id),
    unread: Number(r.unread),
  }));
}

/** Messages of a conversation newer than an id (a stretch still unread?). */
export async function isStillUnread(db: TDb | TTx, profileId: number, conversationId: number, messageId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.profileId, profileId),
        eq(conversationMembers.conversationId, conversationId),
        lt(conversationMembers.readUpTo, messageId),
        lt(conversationMembers.clearedUpTo, messageId),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}
