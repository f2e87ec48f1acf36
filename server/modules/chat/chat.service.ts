import { createHash } from 'node:crypto';
import { CHAT_PAGE_SIZE, type TChatMessage, type TMessageKind, ZSendMessageRequest } from '#common/chat.ts';
import { FREE_CONVERSATION_LIMIT, NEW_CONVERSATIONS_PER_DAY } from '#common/constants.ts';
import type { TGiftId } from '#common/gifts.ts';
import type { TServerEvent } from '#common/realtime.ts';
import type { TCore } from '#server/core.ts';
import type { TPublicCard } from '#common/wire/profile-card.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { publishToMember } from '#server/realtime/publish.ts';
import { processPhoto, withProcessingSlot } from '../photos/photo-processing.ts';
import { photoUrls, type TPhotoStore } from '../photos/photo-store.ts';
import { findOwnPhotoKey } from '../photos/photos.repository.ts';
import { findBlockRelation } from '../profiles/blocks.repository.ts';
import { findPublicProfile, findVisibleProfile } from '../profiles/profiles.repository.ts';
import { toProfileCard, toPublicCard } from '../profiles/profile-card.ts';
import {
  clearConversation,
  findByIdempotencyKey,
  findChats,
  findCredits,
  findConversation,
  findMembership,
  findMessages,
  markRead,
  sendMessage,
  takeSignupMessage,
  type TMessageRow,
} from './chat.repository.ts';

/** What a send needs to know of the site (spec §3 settings). */
export interface TChatSite {
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
  cdnPrefix: string;
}

type TSender = { userId: number; profileId: number };
/** The content of a message to store: a text, a gift id or a stored chat photo. */
type TContent = { kind: TMessageKind; body: string; attachmentKey: string | null };
/** The client's idempotency key with the hash of the request it came with. */
type TKeyed = { key: string; hash: string };

/**
 * Binds an idempotency key to what the request asked for (as payment APIs do): the recipient, the kind and the
 * content — the text, the gift, the chosen profile photo or the uploaded file's bytes. Not the stored attachment:
 * every attempt copies a photo under a new random name.
 */
function keyed(key: string | undefined, recipient: number, kind: TMessageKind, content: string | Buffer) {
  if (!key) return undefined;
  const ask = typeof content === 'string' ? content : createHash('sha256').update(content).digest('hex');
  const hash = createHash('sha256')
    .update(JSON.stringify([recipient, kind, ask]))
    .digest('hex');
  return { key, hash };
}

/** Midnight UTC of a moment's day: daily caps count from it. */
const utcDayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** A message as one of the two members sees it. */
export function toMessageWire(m: TMessageRow, viewerProfileId: number, cdnPrefix: string): TChatMessage {
  return {
    id: m.id,
    conversation_id: m.conversationId,
    from_me: m.senderProfileId === viewerProfileId,
    kind: m.kind as TMessageKind,
    text: m.kind === 'text' ? m.body : '',
    photo: m.attachmentKey ? photoUrls({ fileKey: m.attachmentKey, censoredKey: null }, cdnPrefix, false) : null,
    gift: m.kind === 'gift' ? (m.body as TGiftId) : null,
    created_at: m.createdAt.toISOString(),
  };
}

/** Conversations and messages with credits (spec §3/§4, ARCHITECTURE §4 money), with realtime events. */
export function createChatService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { realtime: TRealtimeHub; store: TPhotoStore; notify: TNotifyQueue },
) {
  const { db, now } = core;
  const { realtime, store, notify } = deps;
  /** Realtime is best effort: the database is the truth and clients resync from it. */
  const publish = (profileId: number, event: TServerEvent) => publishToMember(realtime, profileId, event);

  /** Tells both members about a new message (the sender's other tabs too). */
  const announce = async (row: TMessageRow, recipient: number, cdnPrefix: string) => {
    await Promise.all([
      publish(recipient, {
        type: 'message',
        message: toMessageWire(row, recipient, cdnPrefix),
        profile_id: row.senderProfileId,
      }),
      publish(row.senderProfileId, {
        type: 'message',
        message: toMessageWire(row, row.senderProfileId, cdnPrefix),
        profile_id: recipient,
        ...(row.idempotencyKey ? { key: row.idempotencyKey } : {}),
      }),
    ]);
  };

  /**
   * Stores and charges a message. In one transaction, with the sender's account row locked: the idempotency key (a
   * retry returns the first message, charged once), the recipient (visible, no block), the free members'
   * conversation limit, the conditional debit with its ledger row, the message and the unread count.
   */
  async function deliver(
    sender: TSender,
    recipient: number,
    content: TContent,
    cost: number,
    site: TChatSite,
    idempotency: TKeyed | undefined,
  ) {
    // The recipient's notification is queued by the send's own statement: it exists exactly when the message does.
    const result = await sendMessage(db, {
      userId: sender.userId,
      senderProfileId: sender.profileId,
      recipientProfileId: recipient,
      kind: content.kind,
      body: content.body,
      attachmentKey: content.attachmentKey,
      cost,
      idempotencyKey: idempotency?.key ?? null,
      requestHash: idempotency?.hash ?? null,
      freeLimit: FREE_CONVERSATION_LIMIT,
      dailyNewLimit: NEW_CONVERSATIONS_PER_DAY,
      dayStart: utcDayStart(now()),
      notifyJob: { kind: notify.eventJobKind, at: now() },
    });
    if (result.jobId) notify.runSoon([result.jobId]);
    if (!result.replayed) {
      await announce(result.row, recipient, site.cdnPrefix);
      if (cost > 0) await publishCredits(realtime, sender.profileId, result.credits);
    }
    return {
      message: toMessageWire(result.row, sender.profileId, site.cdnPrefix),
      credits: result.credits,
      replayed: result.replayed,
    };
  }

  /** Runs a send that first stored a chat photo; the files go again when the send fails or was a retry. */
  async function deliverPhoto(
    sender: TSender,
    recipient: number,
    attachmentKey: string,
    site: TChatSite,
    idempotency: TKeyed | undefined,
  ) {
    const content = { kind: 'photo' as const, body: '', attachmentKey };
    const result = await deliver(sender, recipient, content, site.photoCredits, site, idempotency).catch(
      async (error: unknown) => {
        await store.removeAttachment(attachmentKey);
        throw error;
      },
    );
    if (result.replayed) await store.removeAttachment(attachmentKey);
    return result;
  }

  /** A retry that is already stored answers before any image work; the key reused for another send is refused. */
  async function replayed(sender: TSender, site: TChatSite, idempotency: TKeyed | undefined) {
    if (!idempotency) return null;
    const earlier = await findByIdempotencyKey(db, sender.profileId, idempotency.key);
    if (!earlier) return null;
    if (earlier.requestHash !== null && earlier.requestHash !== idempotency.hash) {
      throw new AppError('idempotency_key_reused');
    }
    return {
      message: toMessageWire(earlier, sender.profileId, site.cdnPrefix),
      credits: await findCredits(db, sender.userId),
      replayed: true,
    };
  }

  return {
    /** Sends a text (message_credits), a gift (gift_credits) or one of the sender's photos (photo_credits). */
    async send(sender: TSender, input: unknown, site: TChatSite, idempotencyKey?: string) {
      const v = parseOrThrow(ZSendMessageRequest, input);
      if (v.profile_id === sender.profileId) throw new AppError('invalid_request');
      if (v.text !== undefined) {
        if (v.text.length > site.messageLength) {
          throw new AppError('invalid_request', {
            issues: [{ path: 'text', message: 'validation.message_length' }],
            max: site.messageLength,
          });
        }
        const content = { kind: 'text' as const, body: v.text, attachmentKey: null };
        const idempotency = keyed(idempotencyKey, v.profile_id, 'text', v.text);
        return deliver(sender, v.profile_id, content, site.messageCredits, site, idempotency);
      }
      if (v.gift !== undefined) {
        const content = { kind: 'gift' as const, body: v.gift, attachmentKey: null };
        const idempotency = keyed(idempotencyKey, v.profile_id, 'gift', v.gift);
        return deliver(sender, v.profile_id, content, site.giftCredits, site, idempotency);
      }
      const idempotency = keyed(idempotencyKey, v.profile_id, 'photo', `photo_id:${v.photo_id!}`);
      const again = await replayed(sender, site, idempotency);
      if (again) return again;
      const fileKey = await findOwnPhotoKey(db, sender.profileId, v.photo_id!);
      if (!fileKey) throw new AppError('photo_not_found');
      const attachmentKey = await store.copyAttachment(fileKey);
      return deliverPhoto(sender, v.profile_id, attachmentKey, site, idempotency);
    },
    /** Sends an uploaded photo, processed like profile photos (type from the bytes, metadata removed). */
    async sendUpload(sender: TSender, recipient: number, file: Buffer, site: TChatSite, idempotencyKey?: string) {
      if (recipient === sender.profileId) throw new AppError('invalid_request');
      const idempotency = keyed(idempotencyKey, recipient, 'photo', file);
      const again = await replayed(sender, site, idempotency);
      if (again) return again;
      // Cheap refusals before the image work; the transaction checks them all again.
      if (!(await findVisibleProfile(db, sender.profileId, recipient))) {
        throw new AppError('profile_not_found');
      }
      const processed = await withProcessingSlot(() => processPhoto(file));
      const attachmentKey = await store.saveAttachment(processed);
      return deliverPhoto(sender, recipient, attachmentKey, site, idempotency);
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
    /**
     * A page of a conversation the member belongs to: the newest, those before a message (load older) or those after
     * one (resync). Reading the newest marks the conversation read (spec §4) and tells the other member.
     */
    async messages(
      profileId: number,
      conversationId: number,
      page: { before?: number; after?: number },
      cdnPrefix: string,
    ) {
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
    /**
     * Delivers the first message a visitor wrote while signing up to chat with a member (spec §2 member landers),
     * once the email address is confirmed; free, and only once.
     */
    async deliverSignupMessage(userId: number, cdnPrefix: string): Promise<void> {
      const delivered = await db.transaction(async (tx) => {
        const pending = await takeSignupMessage(tx, userId);
        if (!pending) return null;
        if (!(await findVisibleProfile(tx, pending.profileId, pending.memberId))) return null;
        const { row, jobId } = await sendMessage(tx, {
          userId,
          senderProfileId: pending.profileId,
          recipientProfileId: pending.memberId,
          kind: 'text',
          body: pending.text,
          attachmentKey: null,
          cost: 0,
          idempotencyKey: null,
          requestHash: null,
          freeLimit: FREE_CONVERSATION_LIMIT,
          dailyNewLimit: NEW_CONVERSATIONS_PER_DAY,
          dayStart: utcDayStart(now()),
          notifyJob: { kind: notify.eventJobKind, at: now() },
        });
        return { row, recipient: pending.memberId, job: jobId };
      });
      if (!delivered) return;
      if (delivered.job) notify.runSoon([delivered.job]);
      await announce(delivered.row, delivered.recipient, cdnPrefix);
    },
    /** The id of the member's conversation with a profile, if there is one. */
    async conversationWith(profileId: number, otherProfileId: number): Promise<number | null> {
      return (await findConversation(db, profileId, otherProfileId))?.id ?? null;
    },
    /**
     * Where opening the first-message screen with a member leads (spec §2 members-id-chat): an unknown or hidden
     * member, or a block either way, is not found; a visitor signs up first; one's own profile goes to the chats; an
     * existing conversation is continued; otherwise the member's public card for the first message.
     */
    async openConversationWith(
      viewerProfileId: number | undefined,
      profileId: number,
      cdnPrefix: string,
    ): Promise<
      | { kind: 'not_found' }
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
      if (block.blockedMe || block.blockedByMe) return { kind: 'not_found' };
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
