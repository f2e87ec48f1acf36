import { CHAT_PAGE_SIZE, type TChatMessage, ZSendMessageRequest } from '../../../common/chat.ts';
import { FREE_CONVERSATION_LIMIT } from '../../../common/constants.ts';
import { memberChannel } from '../../../common/likes.ts';
import type { TDb } from '../../db/connect.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import type { TRealtimeHub } from '../../realtime/hub.ts';
import { findLikeableProfile } from '../likes/likes.repository.ts';
import { toProfileCard } from '../profiles/profiles.service.ts';
import {
  clearConversation,
  countStarted,
  createConversation,
  debit,
  findByIdempotencyKey,
  findChats,
  findConversation,
  findMembership,
  findMessages,
  insertMessage,
  lockAccount,
  markRead,
  takeSignupMessage,
  type TMessageRow,
} from './chat.repository.ts';

/** What a send needs to know of the site (spec §3 settings). */
export interface TChatSite {
  messageCredits: number;
  messageLength: number;
  cdnPrefix: string;
}

const toWire = (m: TMessageRow, viewerProfileId: number): TChatMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  from_me: m.senderProfileId === viewerProfileId,
  kind: m.kind,
  text: m.body,
  created_at: m.createdAt.toISOString(),
});

/** Conversations and messages with credits (spec §3/§4, ARCHITECTURE §4 money). */
export function createChatService(deps: { db: TDb; realtime: TRealtimeHub; now: () => Date }) {
  const { db, realtime, now } = deps;
  return {
    /**
     * Sends a text message. In one transaction, with the sender's account row locked: the idempotency key (a
     * retry returns the first message, charged once), the recipient (visible, no block), the free members'
     * conversation limit, the conditional debit with its ledger row, the message and the unread count.
     */
    async send(
      sender: { userId: number; profileId: number },
      input: unknown,
      site: TChatSite,
      idempotencyKey?: string,
    ): Promise<{ message: TChatMessage; credits: number; replayed: boolean }> {
      const v = parseOrThrow(ZSendMessageRequest, input);
      if (v.text.length > site.messageLength) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'text', message: 'validation.message_length' }],
          max: site.messageLength,
        });
      }
      if (v.profile_id === sender.profileId) throw new AppError('invalid_request');
      const result = await db.transaction(async (tx) => {
        const account = await lockAccount(tx, sender.userId);
        if (!account) throw new AppError('authentication_required');
        if (idempotencyKey) {
          const earlier = await findByIdempotencyKey(tx, sender.profileId, idempotencyKey);
          if (earlier) return { row: earlier, credits: account.credits, replayed: true, recipient: 0 };
        }
        // Inside the transaction (PGlite has one connection; PostgreSQL sees the same snapshot).
        if (!(await findLikeableProfile(tx, sender.profileId, v.profile_id))) {
          throw new AppError('profile_not_found');
        }
        let conversation = await findConversation(tx, sender.profileId, v.profile_id);
        if (!conversation) {
          if (!account.paidUser && (await countStarted(tx, sender.profileId)) >= FREE_CONVERSATION_LIMIT) {
            throw new AppError('premium_required', { limit: FREE_CONVERSATION_LIMIT });
          }
          conversation = await createConversation(tx, sender.profileId, v.profile_id);
        }
        const cost = site.messageCredits;
        const ref = `message:${conversation.id}:${idempotencyKey ?? now().getTime()}`;
        if (!(await debit(tx, sender.userId, cost, 'message', ref))) throw new AppError('not_enough_credits');
        const row = await insertMessage(
          tx,
          { conversationId: conversation.id, senderProfileId: sender.profileId, body: v.text, cost, idempotencyKey },
          v.profile_id,
        );
        return { row, credits: account.credits - cost, replayed: false, recipient: v.profile_id };
      });
      if (!result.replayed) {
        await realtime
          .publish(memberChannel(result.recipient), { type: 'message', message: toWire(result.row, result.recipient) })
          .catch(() => undefined);
      }
      return { message: toWire(result.row, sender.profileId), credits: result.credits, replayed: result.replayed };
    },
    /** `GET /api/chats.php`: conversation, profile and unread count, newest first. */
    async list(profileId: number, cdnPrefix: string) {
      const rows = await findChats(db, profileId);
      const today = now();
      return rows.map((r) => ({
        conversation: { id: r.conversationId, last_message_at: r.lastMessageAt.toISOString() },
        profile: toProfileCard(r, cdnPrefix, today),
        num_unread_messages: r.unread,
      }));
    },
    /** A page of a conversation the member belongs to; opening it sets its unread count to 0 (spec §4). */
    async messages(profileId: number, conversationId: number, before?: number) {
      const membership = await findMembership(db, conversationId, profileId);
      if (!membership) throw new AppError('conversation_not_found');
      const rows = await findMessages(db, conversationId, {
        before,
        clearedUpTo: membership.clearedUpTo,
        limit: CHAT_PAGE_SIZE + 1,
      });
      if (!before) await markRead(db, conversationId, profileId);
      return {
        other_profile_id: membership.otherProfileId,
        messages: rows
          .slice(0, CHAT_PAGE_SIZE)
          .reverse()
          .map((m) => toWire(m, profileId)),
        has_older: rows.length > CHAT_PAGE_SIZE,
      };
    },
    /**
     * Delivers the first message a visitor wrote while signing up to chat with a member (spec §2 member landers),
     * once the email address is confirmed; free, and only once.
     */
    async deliverSignupMessage(userId: number): Promise<void> {
      const delivered = await db.transaction(async (tx) => {
        const pending = await takeSignupMessage(tx, userId);
        if (!pending) return null;
        if (!(await findLikeableProfile(tx, pending.profileId, pending.memberId))) return null;
        const conversation =
          (await findConversation(tx, pending.profileId, pending.memberId)) ??
          (await createConversation(tx, pending.profileId, pending.memberId));
        const row = await insertMessage(
          tx,
          { conversationId: conversation.id, senderProfileId: pending.profileId, body: pending.text, cost: 0 },
          pending.memberId,
        );
        return { row, recipient: pending.memberId };
      });
      if (delivered) {
        await realtime
          .publish(memberChannel(delivered.recipient), {
            type: 'message',
            message: toWire(delivered.row, delivered.recipient),
          })
          .catch(() => undefined);
      }
    },
    /** The id of the member's conversation with a profile, if there is one. */
    async conversationWith(profileId: number, otherProfileId: number): Promise<number | null> {
      return (await findConversation(db, profileId, otherProfileId))?.id ?? null;
    },
    /** Deletes a conversation for the member, or every conversation with a profile. */
    async remove(profileId: number, target: { conversationId?: number; profileId?: number }) {
      let conversationId = target.conversationId;
      if (!conversationId && target.profileId) {
        conversationId = (await findConversation(db, profileId, target.profileId))?.id;
        if (!conversationId) return;
      }
      if (!conversationId || !(await findMembership(db, conversationId, profileId))) {
        throw new AppError('conversation_not_found');
      }
      await clearConversation(db, conversationId, profileId);
    },
  };
}

export type TChatService = ReturnType<typeof createChatService>;
