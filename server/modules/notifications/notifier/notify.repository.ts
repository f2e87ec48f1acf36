import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '#server/db/connect.ts';
import { conversationMembers, likes, messages, photos, profiles, users } from '#server/db/schema/index.ts';
import { listedFor, listedProfile } from '#server/db/visibility.ts';
import { countNewLikes, countUnread } from '#server/modules/badges/badges.repository.ts';

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

/** Unread messages and new likes of a member (the push badge): the same numbers the page's badges show. */
export async function countBadge(db: TDb | TTx, profileId: number): Promise<number> {
  return (await countUnread(db, profileId)) + (await countNewLikes(db, profileId));
}

/**
 * Members with a message unread for longer than `olderThan` (but not older than `notBefore`: one reminder per
 * stretch): the recipient, the conversation, the oldest unread message and the unread count.
 */
export async function findUnreadStretches(
  db: TDb | TTx,
  { olderThan, notBefore, limit }: { olderThan: Date; notBefore: Date; limit: number },
) {
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

/** Messages from the other member still unread in a conversation, from `messageId` on (0: all read since). */
export async function findUnreadCount(
  db: TDb | TTx,
  { profileId, conversationId, messageId }: { profileId: number; conversationId: number; messageId: number },
) {
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${messages} m
        join ${conversationMembers} cm on cm.conversation_id = m.conversation_id and cm.profile_id = ${profileId}
        where m.conversation_id = ${conversationId} and m.id >= ${messageId} and m.sender_profile_id <> ${profileId}
          and m.id > greatest(cm.read_up_to, cm.cleared_up_to)`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** A member who may get a reminder: an unconfirmed address (activation) or a profile without photo or text. */
export interface TReminderCandidate {
  userId: number;
  reminder: 'activation' | 'photo' | 'profile';
}

/**
 * Members due a reminder (`reminders`): unconfirmed accounts (activation), or confirmed ones without a main
 * photo (photo) or without an "about me" (profile); signed up before `signedUpBefore`, last seen (login, or signup)
 * after `activeSince`, no reminder since `spacedAfter`, fewer than `max` reminders sent since their last login
 * (unanswered), email not disabled. At most `limit`.
 */
export async function findReminderCandidates(
  db: TDb | TTx,
  q: { signedUpBefore: Date; spacedAfter: Date; max: number; limit: number; activeSince: Date },
): Promise<TReminderCandidate[]> {
  const rows = await queryRows<{ user_id: number; reminder: TReminderCandidate['reminder'] }>(
    db,
    sql`select u.id as user_id,
          case when u.status = 'not_confirmed' then 'activation'
               when not exists (select 1 from photos ph where ph.profile_id = p.id and ph.is_main) then 'photo'
               else 'profile' end as reminder
        from users u join profiles p on p.id = u.profile_id
        where u.signup_date <= ${q.signedUpBefore.toISOString()}::timestamptz
          and coalesce(u.last_login_at, u.signup_date) > ${q.activeSince.toISOString()}::timestamptz
          and cardinality(u.notifications_disabled) = 0 and not u.invisible and not p.invisible
          and (u.status = 'not_confirmed'
               or (u.status = 'active' and u.email_confirmed and p.status = 'active'
                   and (p.about_me = '' or not exists (select 1 from photos ph where ph.profile_id = p.id and ph.is_main))))
          and not exists (select 1 from notification_sends s where s.user_id = u.id and s.kind = 'reminders'
                          and s.created_at > ${q.spacedAfter.toISOString()}::timestamptz)
          and not exists (select 1 from notification_preferences np where np.user_id = u.id
                          and np.kind = 'reminders' and not np.email and not np.push)
          and (select count(*) from notification_sends s where s.user_id = u.id and s.kind = 'reminders'
               and s.status = 'sent' and s.created_at > coalesce(u.last_login_at, u.signup_date)) < ${q.max}
        order by u.id
        limit ${q.limit}`,
  );
  return rows.map((r) => ({ userId: Number(r.user_id), reminder: r.reminder }));
}

/** Members who get the weekly digest of `eventKey` and have not had it: visible, confirmed, after a user id. */
export async function findWeeklyCandidates(
  db: TDb | TTx,
  q: { eventKey: string; afterUserId: number; limit: number },
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u join ${profiles} on ${profiles.id} = u.profile_id
        where u.id > ${q.afterUserId} and u.status = 'active' and u.email_confirmed and not u.invisible
          and ${listedProfile()}
          and not exists (select 1 from notification_sends s where s.user_id = u.id and s.event_key = ${q.eventKey})
        order by u.id
        limit ${q.limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/**
 * New members for a member's weekly digest: visible, joined since `since`, of the genders the member seeks, in the
 * member's country, no block either way; those with a photo first, newest first.
 */
export async function findNewMembersFor(
  db: TDb | TTx,
  q: { profileId: number; genders: string[]; country: string; since: Date; limit: number },
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select ${profiles.id} from ${profiles}
        where ${listedFor(q.profileId)} and ${profiles.id} <> ${q.profileId}
          and ${profiles.createdAt} >= ${q.since.toISOString()}::timestamptz
          and ${profiles.country} = ${q.country}
          and ${profiles.gender} in (${sql.join(
            q.genders.map((g) => sql`${g}`),
            sql`, `,
          )})
        order by exists (select 1 from photos ph where ph.profile_id = ${profiles.id} and ph.is_main) desc,
          ${profiles.createdAt} desc
        limit ${q.limit}`,
  );
  return rows.map((r) => Number(r.id));
}

/** A profile's gender, orientation and country (whom the weekly digest looks for). */
export async function findSeeker(db: TDb | TTx, profileId: number) {
  const [row] = await db
    .select({
      gender: profiles.gender,
      sexuality: profiles.sexuality,
      seeking: profiles.seeking,
      country: profiles.country,
    })
    .from(profiles)
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** Members of a site with a live marketing consent of a kind (a broadcast's audience), after a user id. */
export async function findBroadcastAudience(
  db: TDb | TTx,
  q: { siteId: number; kind: 'promotions' | 'news'; afterUserId: number; limit: number },
): Promise<{ userId: number; locale: string }[]> {
  const rows = await queryRows<{ id: number; locale: string }>(
    db,
    sql`select u.id, u.locale from users u
        where u.site_id = ${q.siteId} and u.id > ${q.afterUserId} and u.status = 'active'
          and exists (select 1 from consents c where c.user_id = u.id and c.kind = ${q.kind} and c.withdrawn_at is null)
        order by u.id
        limit ${q.limit}`,
  );
  return rows.map((r) => ({ userId: Number(r.id), locale: r.locale }));
}
