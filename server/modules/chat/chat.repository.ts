import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { AppError } from '#server/lib/app-error.ts';
import type { TErrorCode } from '#common/errors.ts';
import { queryRows, type TDb, type TTx } from '#server/db/connect.ts';
import { conversationMembers, conversations, messages, users } from '#server/db/schema/index.ts';
import { secondsUntil } from '#common/time.ts';
import { addHours } from 'date-fns';

export type TMessageRow = typeof messages.$inferSelect;

/** The two profile ids of a pair in the order conversations store them. */
const pair = (a: number, b: number) => (a < b ? { profileA: a, profileB: b } : { profileA: b, profileB: a });

/** The balance of an account. */
export async function findCredits(db: TDb, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** What a send stores (spec §3 message kinds); the body of a gift is its catalogue id. */
export interface TNewMessage {
  userId: number;
  senderProfileId: number;
  recipientProfileId: number;
  kind: string;
  body: string;
  attachmentKey: string | null;
  cost: number;
  idempotencyKey: string | null;
  /** What the keyed request asked for (see requestHash in chat.service.ts); null without a key. */
  requestHash: string | null;
  /** Free members may start this many conversations. */
  freeLimit: number;
  /** Anyone may start this many conversations a day, counted from `dayStart`. */
  dailyNewLimit: number;
  /** The start of the sender's day (UTC midnight) for `dailyNewLimit`. */
  dayStart: Date;
  /**
   * A job queued by the same statement when a new message is stored (the recipient's notification): it exists exactly
   * when the message does, without a transaction of its own (the hot path stays one round trip).
   */
  notifyJob?: { kind: string; at: Date };
}

const SEND_REFUSALS = new Set([
  'authentication_required',
  'profile_not_found',
  'premium_required',
  'not_enough_credits',
  'idempotency_key_reused',
  'daily_limit_reached',
]);

/**
 * Sends a message in one round trip through the database function `chat_send` (migrations 0013, 0018, 0023): the
 * account row locked, the retry (refused when the key comes with another request hash), the recipient, the
 * conversation, the free members' limit and the daily cap on new conversations, the conditional debit with its ledger row, the message and the unread count, atomically.
 * A refusal comes back as its app error code.
 */
export async function sendMessage(
  db: TDb | TTx,
  m: TNewMessage,
): Promise<{ row: TMessageRow; credits: number; replayed: boolean; jobId: number | null }> {
  let result;
  const job = m.notifyJob;
  const queue = job
    ? sql`, queued as (
          insert into jobs (kind, payload, run_at, created_at)
          select ${job.kind}, jsonb_build_object('type', 'message', 'messageId', message_id),
            ${job.at.toISOString()}::timestamptz, ${job.at.toISOString()}::timestamptz
          from sent where not replayed
          returning id)`
    : sql``;
  try {
    [result] = await queryRows<{
      message_id: string;
      conversation_id: number;
      created_ms: number;
      credits: number;
      replayed: boolean;
      job_id: string | null;
    }>(
      db,
      sql`with sent as (
            select message_id, conversation_id, created_at, credits, replayed
            from chat_send(${m.userId}::int, ${m.senderProfileId}::int, ${m.recipientProfileId}::int, ${m.kind}::text,
              ${m.body}::text, ${m.attachmentKey}::text, ${m.cost}::int, ${m.idempotencyKey}::text, ${m.freeLimit}::int,
              ${m.idempotencyKey ?? String(Date.now())}::text, ${m.requestHash}::text, ${m.dailyNewLimit}::int,
              ${m.dayStart.toISOString()}::timestamptz)
          )${queue}
          select message_id, conversation_id, (extract(epoch from created_at) * 1000)::float8 as created_ms,
            credits, replayed, ${job ? sql`(select id from queued)` : sql`null::bigint`} as job_id
          from sent`,
    );
  } catch (error) {
    // Drizzle wraps the driver's error; its cause carries PostgreSQL's code and message.
    const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; message?: string };
    const { code, message } = cause;
    if (code === 'P0001' && message && SEND_REFUSALS.has(message)) {
      const data =
        message === 'premium_required'
          ? { limit: m.freeLimit }
          : message === 'daily_limit_reached'
            ? {
                limit: m.dailyNewLimit,
                retry_after: secondsUntil(addHours(m.dayStart, 24), new Date()),
              }
            : undefined;
      throw new AppError(message as TErrorCode, data);
    }
    throw error;
  }
  const id = Number(result.message_id);
  const row = result.replayed
    ? await findByIdempotencyKey(db, m.senderProfileId, m.idempotencyKey!)
    : {
        id,
        conversationId: Number(result.conversation_id),
        senderProfileId: m.senderProfileId,
        kind: m.kind,
        body: m.body,
        attachmentKey: m.attachmentKey,
        cost: m.cost,
        idempotencyKey: m.idempotencyKey,
        requestHash: m.requestHash,
        createdAt: new Date(Number(result.created_ms)),
      };
  return {
    row,
    credits: Number(result.credits),
    replayed: Boolean(result.replayed),
    jobId: result.job_id === null ? null : Number(result.job_id),
  };
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

/**
 * A page of messages after what the member deleted: newest first (optionally before a message id), or, after a
 * message id (resync), oldest first so that nothing between is skipped.
 */
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
    .orderBy(opts.after ? asc(messages.id) : desc(messages.id))
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
