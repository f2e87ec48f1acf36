import { and, asc, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type TDb, type TTx } from '#server/db/connect.ts';
import {
  blocks,
  conversationMembers,
  conversations,
  hostInbox,
  hostLeases,
  messages,
  photos,
  profiles,
  sites,
  staff,
  users,
} from '#server/db/schema/index.ts';

export type THostMessageRow = typeof messages.$inferSelect;

/** Only the given sites (null: every site). */
const inSites = (siteIds: number[] | null): SQL | undefined =>
  siteIds === null ? undefined : siteIds.length ? inArray(hostInbox.siteId, siteIds) : sql`false`;

/**
 * The inbox's rows: waiting conversations whose member is still active and has not blocked the profile (those can
 * not be answered). Oldest wait first.
 */
function answerable() {
  return and(
    sql`exists (select 1 from ${profiles} m where m.id = ${hostInbox.memberProfileId} and m.status = 'active')`,
    sql`not exists (select 1 from ${blocks} b where (b.blocker_profile_id = ${hostInbox.memberProfileId} and b.blocked_profile_id = ${hostInbox.fictionalProfileId}) or (b.blocker_profile_id = ${hostInbox.fictionalProfileId} and b.blocked_profile_id = ${hostInbox.memberProfileId}))`,
  );
}

/** A page of the hosts' inbox: conversations waiting for an answer, oldest first, with who holds each now. */
export async function findInbox(
  db: TDb,
  filter: { siteIds: number[] | null; at: Date; limit: number; offset: number },
) {
  const rows = await queryRows<{
    chat_id: number;
    site_id: number;
    waiting_since: Date | string;
    fictional_id: number;
    fictional_name: string;
    fictional_file_key: string | null;
    member_id: number;
    member_name: string;
    member_birth_date: string;
    member_city: string;
    last_kind: string | null;
    last_body: string | null;
    lease_staff_id: number | null;
    lease_staff_name: string | null;
    lease_expires_at: Date | string | null;
  }>(
    db,
    sql`select host_inbox.conversation_id as chat_id, host_inbox.site_id, host_inbox.waiting_since,
          f.id as fictional_id, f.name as fictional_name, fp.file_key as fictional_file_key,
          m.id as member_id, m.name as member_name, m.birth_date::text as member_birth_date, m.city as member_city,
          lm.kind as last_kind, lm.body as last_body,
          l.staff_id as lease_staff_id, s.name as lease_staff_name, l.expires_at as lease_expires_at
        from ${hostInbox}
        join ${profiles} f on f.id = host_inbox.fictional_profile_id
        join ${profiles} m on m.id = host_inbox.member_profile_id
        left join ${photos} fp on fp.profile_id = f.id and fp.is_main
        left join lateral (select x.kind, x.body from ${messages} x where x.conversation_id = host_inbox.conversation_id
          order by x.id desc limit 1) lm on true
        left join ${hostLeases} l on l.conversation_id = host_inbox.conversation_id and l.expires_at > ${filter.at.toISOString()}::timestamptz
        left join ${staff} s on s.id = l.staff_id
        where ${and(answerable(), inSites(filter.siteIds)) ?? sql`true`}
        order by host_inbox.waiting_since, host_inbox.conversation_id
        limit ${filter.limit} offset ${filter.offset}`,
  );
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hostInbox)
    .where(and(answerable(), inSites(filter.siteIds)));
  return { rows, total: n };
}

/** Per site: waiting conversations, how many are claimed now, and the oldest wait. */
export async function findInboxFigures(db: TDb, filter: { siteIds: number[] | null; at: Date }) {
  return db
    .select({
      siteId: hostInbox.siteId,
      siteName: sites.name,
      unanswered: sql<number>`count(*)::int`,
      claimed: sql<number>`count(${hostLeases.conversationId})::int`,
      oldest: sql<Date | string | null>`min(${hostInbox.waitingSince})`,
    })
    .from(hostInbox)
    .innerJoin(sites, eq(sites.id, hostInbox.siteId))
    .leftJoin(
      hostLeases,
      and(eq(hostLeases.conversationId, hostInbox.conversationId), gt(hostLeases.expiresAt, filter.at)),
    )
    .where(and(answerable(), inSites(filter.siteIds)))
    .groupBy(hostInbox.siteId, sites.name)
    .orderBy(asc(sql`min(${hostInbox.waitingSince})`));
}

/**
 * A conversation between a member and a fictional profile: its two sides and the member's site and account; undefined
 * for any other conversation (hosts never read members' conversations with each other).
 */
export async function findHostedConversation(db: TDb | TTx, chatId: number) {
  const rows = await queryRows<{
    fictional_id: number;
    member_id: number;
    site_id: number;
    user_id: number;
    waiting_since: Date | string | null;
  }>(
    db,
    sql`select f.id as fictional_id, u.profile_id as member_id, u.site_id, u.id as user_id, hi.waiting_since
        from ${conversations} c
        join ${profiles} f on f.is_fictional and f.id in (c.profile_a, c.profile_b)
        join ${users} u on u.profile_id in (c.profile_a, c.profile_b) and u.profile_id <> f.id
        left join ${hostInbox} hi on hi.conversation_id = c.id
        where c.id = ${chatId}
        limit 1`,
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    fictionalProfileId: Number(r.fictional_id),
    memberProfileId: Number(r.member_id),
    siteId: Number(r.site_id),
    userId: Number(r.user_id),
    waitingSince: r.waiting_since === null ? null : new Date(r.waiting_since),
  };
}

/** A page of a conversation's messages, newest first (before a message id when given). */
export function findConversationMessages(db: TDb, chatId: number, opts: { before?: number; limit: number }) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, chatId), opts.before ? lt(messages.id, opts.before) : undefined))
    .orderBy(desc(messages.id))
    .limit(opts.limit);
}

/** A profile as the console shows it beside a conversation, with its main photo's key. */
export async function findProfileCard(db: TDb, profileId: number) {
  const [row] = await db
    .select({
      id: profiles.id,
      name: profiles.name,
      birthDate: profiles.birthDate,
      gender: profiles.gender,
      city: profiles.city,
      country: profiles.country,
      aboutMe: profiles.aboutMe,
      interests: profiles.interests,
      createdAt: profiles.createdAt,
      fileKey: photos.fileKey,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.profileId, profiles.id), eq(photos.isMain, true)))
    .where(eq(profiles.id, profileId))
    .limit(1);
  return row;
}

/** The oldest waiting conversations nobody holds now, to claim one of them. */
export async function findUnclaimed(db: TDb, filter: { siteIds: number[] | null; at: Date; limit: number }) {
  const rows = await db
    .select({ chatId: hostInbox.conversationId })
    .from(hostInbox)
    .leftJoin(
      hostLeases,
      and(eq(hostLeases.conversationId, hostInbox.conversationId), gt(hostLeases.expiresAt, filter.at)),
    )
    .where(and(answerable(), inSites(filter.siteIds), sql`${hostLeases.conversationId} is null`))
    .orderBy(asc(hostInbox.waitingSince), asc(hostInbox.conversationId))
    .limit(filter.limit);
  return rows.map((r) => r.chatId);
}

/** Whether the member can still receive messages from the profile: active, visible, no block either way. */
export async function canReceive(tx: TTx, memberProfileId: number, fictionalProfileId: number): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    tx,
    sql`select 1 as ok from ${profiles} p
        where p.id = ${memberProfileId} and p.status = 'active'
          and not exists (select 1 from ${blocks} b
            where (b.blocker_profile_id = ${memberProfileId} and b.blocked_profile_id = ${fictionalProfileId})
               or (b.blocker_profile_id = ${fictionalProfileId} and b.blocked_profile_id = ${memberProfileId}))`,
  );
  return rows.length > 0;
}

/**
 * Stores a host's reply as the fictional profile, free: the message, the conversation's order, the member's unread
 * count, the profile's side read up to it (the member sees 'Seen'), and the conversation out of the inbox.
 */
export async function storeHostReply(
  tx: TTx,
  reply: {
    chatId: number;
    fictionalProfileId: number;
    memberProfileId: number;
    kind: string;
    body: string;
    attachmentKey: string | null;
  },
): Promise<THostMessageRow> {
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: reply.chatId,
      senderProfileId: reply.fictionalProfileId,
      kind: reply.kind,
      body: reply.body,
      attachmentKey: reply.attachmentKey,
      cost: 0,
    })
    .returning();
  await tx.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, reply.chatId));
  await tx
    .update(conversationMembers)
    .set({ unread: sql`${conversationMembers.unread} + 1` })
    .where(
      and(
        eq(conversationMembers.conversationId, reply.chatId),
        eq(conversationMembers.profileId, reply.memberProfileId),
      ),
    );
  await tx
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: row.id })
    .where(
      and(
        eq(conversationMembers.conversationId, reply.chatId),
        eq(conversationMembers.profileId, reply.fictionalProfileId),
      ),
    );
  await tx.delete(hostInbox).where(eq(hostInbox.conversationId, reply.chatId));
  return row;
}
