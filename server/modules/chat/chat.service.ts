import { CHAT_PAGE_SIZE } from '#common/chat.ts';
import type { TServerEvent } from '#common/realtime.ts';
import type { TCore } from '#server/core.ts';
import type { TPublicCard } from '#common/wire/profile-card.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishToMember } from '#server/realtime/publish.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { findBlockRelation } from '../profiles/blocks.repository.ts';
import { findPublicProfile } from '../profiles/profiles.repository.ts';
import { toProfileCard, toPublicCard } from '../profiles/profile-card.ts';
import { clearConversation, findConversation, findMembership, findMessages, markRead } from './chat.repository.ts';
import { countUnread } from '../badges/badges.repository.ts';
import { findChats } from './chat-list.repository.ts';
import { onlineState, toLastMessageWire, toMessageWire } from './chat.presenter.ts';
import { createChatSendService } from './chat-send.service.ts';

/** Conversations and messages (spec §3/§4) with realtime events; the sends are `chat-send.service.ts`. */
export function createChatService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { realtime: TRealtimeHub; store: TPhotoStore; notify: TNotifyQueue },
) {
  const { db, now } = core;
  const { realtime } = deps;
  /** Realtime is best effort: the database is the truth and clients resync from it. */
  const publish = (profileId: number, event: TServerEvent) => publishToMember(realtime, profileId, event);

  return {
    ...createChatSendService(core, deps),
    /** `GET /api/chats.php`: conversation, profile, unread count, newest message and presence, newest first. */
    async list(profileId: number, cdnPrefix: string) {
      const rows = await findChats(db, profileId);
      // Only members whose presence may be shown are looked up (invisible and fictional ones have no last activity).
      const connected = await realtime.connectedOf(rows.filter((r) => r.lastSeenAt).map((r) => r.id));
      const today = now();
      return rows.map((r) => ({
        conversation: { id: r.conversationId, last_message_at: r.lastMessageAt.toISOString() },
        profile: toProfileCard(r, cdnPrefix, today),
        num_unread_messages: r.unread,
        last_message: toLastMessageWire(r.lastMessage),
        online: onlineState(r.lastSeenAt, connected.has(r.id), today),
      }));
    },
    /** The unread messages the list would sum, counted without building it (badges on every page). */
    unreadCount: (profileId: number) => countUnread(db, profileId),
    /**
     * A page of a conversation the member belongs to: the newest, those before a message (load older) or those after
     * one (resync). Reading the newest marks the conversation read (spec §4) and tells the other member.
     */
    async messages(
      profileId: number,
      page: { conversationId: number; before?: number; after?: number },
      cdnPrefix: string,
    ) {
      const { conversationId } = page;
      const membership = await findMembership(db, conversationId, profileId);
      if (!membership) throw new AppError('conversation_not_found');
      const rows = await findMessages(db, conversationId, {
        before: page.before,
        after: page.after,
        clearedUpTo: membership.clearedUpTo,
        limit: CHAT_PAGE_SIZE + 1,
      });
      if (!page.before) {
        const upTo = await markRead(db, conversationId, profileId);
        if (upTo !== null) {
          await Promise.all([
            publish(membership.otherProfileId, { type: 'read', conversation_id: conversationId, up_to: upTo }),
            publish(profileId, { type: 'chat_read', conversation_id: conversationId }),
          ]);
        }
      }
      const more = rows.length > CHAT_PAGE_SIZE;
      const shown = rows.slice(0, CHAT_PAGE_SIZE);
      return {
        other_profile_id: membership.otherProfileId,
        // Oldest first on screen: a resync page already is, the others come newest first.
        messages: (page.after ? shown : shown.reverse()).map((m) => toMessageWire(m, profileId, cdnPrefix)),
        has_older: !page.after && more,
        has_newer: Boolean(page.after) && more,
        read_up_to: membership.otherReadUpTo,
      };
    },
    /** The other member of one of the member's conversations, or null when it is not theirs. */
    async otherMember(profileId: number, conversationId: number): Promise<number | null> {
      return (await findMembership(db, conversationId, profileId))?.otherProfileId ?? null;
    },
    /** The name of the other member of a conversation when they blocked the member (spec §6), else null. */
    async blockedBy(profileId: number, otherProfileId: number): Promise<string | null> {
      const block = await findBlockRelation(db, profileId, otherProfileId);
      if (!block.blockedMe) return null;
      return (await findPublicProfile(db, otherProfileId))?.name ?? null;
    },
    /** The id of the member's conversation with a profile, if there is one. */
    async conversationWith(profileId: number, otherProfileId: number): Promise<number | null> {
      return (await findConversation(db, profileId, otherProfileId))?.id ?? null;
    },
    /**
     * Where opening the first-message screen with a member leads (spec §2 members-id-chat): an unknown or hidden
     * member, or a block either way, is not found; a visitor signs up first; one's own profile goes to the chats; an
     * existing conversation is continued; otherwise the member's public card for the first message. A member the
     * other blocked learns it (their name, for 'You're blocked by {name}').
     */
    async openConversationWith(
      viewerProfileId: number | undefined,
      profileId: number,
      cdnPrefix: string,
    ): Promise<
      | { kind: 'not_found' }
      | { kind: 'blocked_by'; name: string }
      | { kind: 'signup' }
      | { kind: 'own_profile' }
      | { kind: 'existing'; conversationId: number }
      | { kind: 'new'; profile: TPublicCard }
    > {
      const row = Number.isSafeInteger(profileId) && profileId > 0 ? await findPublicProfile(db, profileId) : undefined;
      if (!row) return { kind: 'not_found' };
      if (viewerProfileId === undefined) return { kind: 'signup' };
      if (viewerProfileId === profileId) return { kind: 'own_profile' };
      const block = await findBlockRelation(db, viewerProfileId, profileId);
      // The blocked member is told so (spec §6), by the blocker's name; one's own block hides the member.
      if (block.blockedMe) return { kind: 'blocked_by', name: row.name };
      if (block.blockedByMe) return { kind: 'not_found' };
      const existing = await findConversation(db, viewerProfileId, profileId);
      if (existing) return { kind: 'existing', conversationId: existing.id };
      return { kind: 'new', profile: toPublicCard(row, cdnPrefix, now()) };
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
      await publish(profileId, { type: 'chat_removed', conversation_id: conversationId });
    },
  };
}

export type TChatService = ReturnType<typeof createChatService>;
