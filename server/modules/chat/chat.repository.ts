import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/connect.ts';
import {
  conversationMembers,
  conversations,
  creditLedger,
  messages,
  photos,
  profiles,
  users,
} from '../../db/schema/index.ts';
import { notBlockedWith } from '../profiles/blocks.service.ts';
import { CARD_COLUMNS, type TCardRow } from '../profiles/profiles.repository.ts';

export type TMessageRow = typeof messages.$inferSelect;

/** The two profile ids of a pair in the order conversations store them. */
const pair = (a: number, b: number) => (a < b ? { profileA: a, profileB: b } : { profileA: b, profileB: a });

/** The balance of an account. */
export async function findCredits(db: TDb, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** Locks the sender's account row for the whole send: limits and the balance are then checked one send at a time. */
export async function lockAccount(tx: TTx, userId: number) {
  const [row] = await tx
    .select({ credits: users.credits, paidUser: users.paidUser, profileId: users.profileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** A message sent before with this idempotency key, if any. */
export async function findByIdempotencyKey(tx: TDb | TTx, senderProfileId: number, key: string) {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.senderProfileId, senderProfileId), eq(messages.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The conversation of a pair, if it exists. */
export async function findConversation(db: TDb | TTx, a: number, b: number) {
  const p = pair(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.profileA, p.profileA), eq(conversations.profileB, p.profileB)))
    .limit(1);
  return row;
}

/** Conversations a member started. */
export async function countStarted(tx: TTx, profileId: number): Promise<number> {
  const [{ n }] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.startedBy, profileId));
  return n;
}

/** Creates the conversation of a pair with both members' sides. */
export async function createConversation(tx: TTx, startedBy: number, other: number) {
  const [row] = await tx
    .insert(conversations)
    .values({ ...pair(startedBy, other), startedBy })
    .returning();
  await tx.insert(conversationMembers).values([
    { conversationId: row.id, profileId: startedBy },
    { conversationId: row.id, profileId: other },
  ]);
  return row;
}

/** Takes `cost` credits if the balance allows it (conditional update), with its ledger row; false when short. */
export async function debit(tx: TTx, userId: number, cost: number, reason: string, ref: string): Promise<boolean> {
  if (cost === 0) return true;
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} - ${cost}` })
    .where(and(eq(users.id, userId), sql`${users.credits} >= ${cost}`))
    .returning({ credits: users.credits });
  if (updated.length === 0) return false;
  await tx.insert(creditLedger).values({ userId, delta: -cost, reason, ref });
  return true;
}

/** Stores a message and updates the conversation and the recipient's unread count. */
export async function insertMessage(
  tx: TTx,
  message: typeof messages.$inferInsert,
  recipientProfileId: number,
): Promise<TMessageRow> {
  const [row] = await tx.insert(messages).values(message).returning();
  await tx.update(conversations).set({ lastMessageAt: row.createdAt }).where(eq(conversations.id, row.conversationId));
  await tx
    .update(conversationMembers)
    .set({ unread: sql`${conversationMembers.unread} + 1` })
    .where(
      and(
        eq(conversationMembers.conversationId, row.conversationId),
        eq(conversationMembers.profileId, recipientProfileId),
      ),
    );
  return row;
}

export type TChatRow = TCardRow & { conversationId: number; unread: number; lastMessageAt: Date };

/** A member's conversations, newest first, without those deleted since their last message or with blocked members. */
export async function findChats(db: TDb, profileId: number): Promise<TChatRow[]> {
  const other = sql`case when ${conversations.profileA} = ${profileId} then ${conversations.profileB} else ${conversations.profileA} end`;
  const rows = await db
    .select({
      ...CARD_COLUMNS,
      conversationId: conversations.id,
      unread: conversationMembers.unread,
      lastMessageAt: conversations.lastMessageAt,
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
  return rows as TChatRow[];
}

/** A member's side of a conversation with the other member's id and read state, or undefined when not theirs. */
export async function findMembership(db: TDb, conversationId: number, profileId: number) {
  const [row] = await db
    .select({
      clearedUpTo: conversationMembers.clearedUpTo,
      profileA: conversations.profileA,
      profileB: conversations.profileB,
      otherReadUpTo: sql<number>`(select o.read_up_to from ${conversationMembers} o where o.conversation_id = ${conversationId} and o.profile_id <> ${profileId})`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)))
    .limit(1);
  return row
    ? {
        clearedUpTo: row.clearedUpTo,
        otherProfileId: row.profileA === profileId ? row.profileB : row.profileA,
        otherReadUpTo: Number(row.otherReadUpTo ?? 0),
      }
    : undefined;
}

/** A page of messages, newest first, before a message id, after what the member deleted. */
export async function findMessages(
  db: TDb,
  conversationId: number,
  opts: { before?: number; after?: number; clearedUpTo: number; limit: number },
) {
  return db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        opts.before ? lt(messages.id, opts.before) : undefined,
        gt(messages.id, Math.max(opts.clearedUpTo, opts.after ?? 0)),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(opts.limit);
}

/**
 * Marks a conversation read for a member: unread 0 and seen up to its newest message. Returns that message id when
 * something changed (so the other member can be told), else null.
 */
export async function markRead(db: TDb, conversationId: number, profileId: number): Promise<number | null> {
  const newest = sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.conversationId} = ${conversationId})`;
  const [row] = await db
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: newest })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.profileId, profileId),
        sql`(${conversationMembers.unread} > 0 or ${conversationMembers.readUpTo} < ${newest})`,
      ),
    )
    .returning({ readUpTo: conversationMembers.readUpTo });
  return row ? Number(row.readUpTo) : null;
}

/** Deletes a conversation for one member: its messages so far disappear for them and its unread count resets. */
export async function clearConversation(db: TDb, conversationId: number, profileId: number) {
  await db
    .update(conversationMembers)
    .set({
      clearedUpTo: sql`(select coalesce(max(${messages.id}), 0) from ${messages} where ${messages.conversationId} = ${conversationId})`,
      unread: 0,
    })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.profileId, profileId)));
}

/** Takes the signup message of an account (cleared in the same transaction, so it is delivered once). */
export async function takeSignupMessage(tx: TTx, userId: number) {
  const [row] = await tx
    .select({ profileId: users.profileId, memberId: users.signupMemberId, text: users.signupMessage })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row?.memberId || !row.text?.trim()) return null;
  await tx.update(users).set({ signupMessage: null }).where(eq(users.id, userId));
  return { profileId: row.profileId, memberId: row.memberId, text: row.text.trim() };
}
