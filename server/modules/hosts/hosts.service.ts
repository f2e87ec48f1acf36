import { yearsSince } from '#common/accounts.ts';
import type { TMessageKind } from '#common/chat.ts';
import type { TStaffActor } from '#common/staff.ts';
import {
  HOST_LEASE_MS,
  HOST_MESSAGES_PAGE,
  HOST_PAGE_SIZE,
  type THostInboxItem,
  type THostReplyRequest,
} from '#common/wire/admin/hosts.ts';
import type { TCore } from '#server/core.ts';
import { AppError } from '#server/lib/app-error.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishToMember } from '#server/realtime/publish.ts';
import { announceMessage } from '../chat/chat-announce.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { findOwnPhotoKey, listPhotos } from '../photos/photos.repository.ts';
import type { TSitesService } from '../sites/sites.service.ts';
import { recordAudit } from '../staff/audit.repository.ts';
import { claimLease, findLease, holdLease, releaseLease, releaseOtherLeases } from './host-leases.repository.ts';
import {
  canReceive,
  findConversationMessages,
  findHostedConversation,
  findInbox,
  findInboxFigures,
  findProfileCard,
  findUnclaimed,
  storeHostReply,
} from './hosts.repository.ts';
import { photoOf, toHostCard, toHostMessage, toLease } from './hosts.presenter.ts';
import { assertStaffSite, listedSites } from './staff-sites.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** What a reply stores: a text, a gift id, or a copy of one of the profile's photos. */
type TReplyContent = { kind: TMessageKind; body: string; attachmentKey: string | null };

/**
 * Hosts answer members' conversations with fictional profiles (issue 30): the inbox of waiting conversations, leases
 * so that two hosts never answer the same one, and replies as the profile through the chat's delivery (realtime,
 * unread count, notification), free for everyone and recorded in the audit log.
 */
export function createHostsService(
  core: Pick<TCore, 'db' | 'now' | 'log'>,
  deps: { realtime: TRealtimeHub; store: TPhotoStore; notify: TNotifyQueue; sites: Pick<TSitesService, 'byId'> },
) {
  const { db, now, log } = core;
  const { realtime, store, notify, sites } = deps;
  const leaseUntil = (at: Date) => new Date(at.getTime() + HOST_LEASE_MS);

  /** The conversation when it is one with a fictional profile on a site the staff member may act on. */
  async function hosted(actor: TStaffActor, chatId: number) {
    const conversation = await findHostedConversation(db, chatId);
    if (!conversation) throw new AppError('conversation_not_found');
    assertStaffSite(actor, conversation.siteId);
    return conversation;
  }

  /** Claims a conversation for the staff member, or says who holds it. */
  async function claim(actor: TStaffActor, chatId: number) {
    const at = now();
    const ok = await claimLease(db, { chatId, staffId: actor.id, at, expiresAt: leaseUntil(at) });
    const lease = await findLease(db, chatId, at);
    if (!ok || !lease) throw new AppError('conversation_claimed', { staffName: lease?.staffName ?? null });
    return toLease(lease, actor.id);
  }

  /** What a reply sends: the text within the site's length, a gift, or a fresh copy of one of the profile's photos. */
  async function contentOf(
    input: THostReplyRequest,
    conversation: { fictionalProfileId: number; siteId: number },
  ): Promise<TReplyContent> {
    if (input.text !== undefined) {
      const site = await sites.byId(conversation.siteId);
      const max = site?.messageLength ?? Number.POSITIVE_INFINITY;
      if (input.text.length > max) {
        throw new AppError('invalid_request', {
          issues: [{ path: 'text', message: 'validation.message_length' }],
          max,
        });
      }
      return { kind: 'text', body: input.text, attachmentKey: null };
    }
    if (input.gift !== undefined) return { kind: 'gift', body: input.gift, attachmentKey: null };
    const fileKey = await findOwnPhotoKey(db, conversation.fictionalProfileId, input.photoId!);
    if (!fileKey) throw new AppError('photo_not_found');
    return { kind: 'photo', body: '', attachmentKey: await store.copyAttachment(fileKey) };
  }

  return {
    /** A page of waiting conversations, oldest first, on the sites the staff member may see (or one of them). */
    async inbox(actor: TStaffActor, query: { siteId?: number; page: number }) {
      const siteIds = listedSites(actor, query.siteId);
      const at = now();
      const { rows, total } = await findInbox(db, {
        siteIds,
        at,
        limit: HOST_PAGE_SIZE,
        offset: (query.page - 1) * HOST_PAGE_SIZE,
      });
      const items: THostInboxItem[] = rows.map((r) => ({
        chatId: Number(r.chat_id),
        siteId: Number(r.site_id),
        waitingSince: iso(r.waiting_since),
        fictional: { id: Number(r.fictional_id), name: r.fictional_name, photo: photoOf(r.fictional_file_key) },
        member: {
          id: Number(r.member_id),
          name: r.member_name,
          age: yearsSince(r.member_birth_date, at),
          city: r.member_city,
        },
        lastMessage: r.last_kind
          ? { kind: r.last_kind as TMessageKind, text: r.last_kind === 'text' ? (r.last_body ?? '') : '' }
          : null,
        lease:
          r.lease_staff_id === null
            ? null
            : {
                chatId: Number(r.chat_id),
                staffId: Number(r.lease_staff_id),
                staffName: r.lease_staff_name ?? '',
                mine: Number(r.lease_staff_id) === actor.id,
                expiresAt: iso(r.lease_expires_at!),
              },
      }));
      return { items, total, page: query.page, pageSize: HOST_PAGE_SIZE };
    },

    /** Per site the staff member may see: waiting conversations, how many are claimed, the oldest wait. */
    async figures(actor: TStaffActor) {
      const rows = await findInboxFigures(db, { siteIds: actor.siteIds, at: now() });
      return {
        sites: rows.map((r) => ({
          siteId: r.siteId,
          siteName: r.siteName,
          unanswered: r.unanswered,
          claimed: r.claimed,
          oldestWaitingSince: r.oldest === null ? null : iso(r.oldest),
        })),
      };
    },

    /** A conversation with a fictional profile: its messages (newest page, or older), both profiles and the lease. */
    async conversation(actor: TStaffActor, query: { chatId: number; before?: number }) {
      const c = await hosted(actor, query.chatId);
      const at = now();
      const [rows, member, fictional, photos, lease] = await Promise.all([
        findConversationMessages(db, query.chatId, { before: query.before, limit: HOST_MESSAGES_PAGE + 1 }),
        findProfileCard(db, c.memberProfileId),
        findProfileCard(db, c.fictionalProfileId),
        listPhotos(db, c.fictionalProfileId),
        findLease(db, query.chatId, at),
      ]);
      if (!member || !fictional) throw new AppError('conversation_not_found');
      return {
        chatId: query.chatId,
        siteId: c.siteId,
        unanswered: c.waitingSince !== null,
        waitingSince: c.waitingSince?.toISOString() ?? null,
        member: toHostCard(member, at),
        fictional: {
          ...toHostCard(fictional, at),
          photos: photos.map((p) => ({ id: p.id, isMain: p.isMain, ...photoOf(p.fileKey)! })),
        },
        messages: rows
          .slice(0, HOST_MESSAGES_PAGE)
          .reverse()
          .map((m) => toHostMessage(m, c.fictionalProfileId)),
        hasOlder: rows.length > HOST_MESSAGES_PAGE,
        lease: lease ? toLease(lease, actor.id) : null,
      };
    },

    /** Claims (or renews) a conversation for HOST_LEASE_MS; conversation_claimed when another host holds it. */
    async claim(actor: TStaffActor, chatId: number) {
      await hosted(actor, chatId);
      return claim(actor, chatId);
    },

    /**
     * Claims the oldest waiting conversation nobody holds (on one site, or every site the staff member may see) and
     * gives back the others they held. Null when none is left.
     */
    async next(actor: TStaffActor, siteId?: number) {
      const siteIds = listedSites(actor, siteId);
      // Another host may claim a candidate between the read and the claim: try the next one then.
      const candidates = await findUnclaimed(db, { siteIds, at: now(), limit: 10 });
      for (const chatId of candidates) {
        const lease = await claim(actor, chatId).catch((error: unknown) => {
          if (error instanceof AppError && error.code === 'conversation_claimed') return null;
          throw error;
        });
        if (lease) {
          await releaseOtherLeases(db, actor.id, chatId);
          return { lease };
        }
      }
      return { lease: null };
    },

    /** Gives a conversation back (only the staff member's own lease ends). */
    async release(actor: TStaffActor, chatId: number) {
      await hosted(actor, chatId);
      await releaseLease(db, chatId, actor.id);
    },

    /**
     * Answers as the fictional profile: only while holding the conversation's lease (renewed by the reply), charging
     * nobody, with the staff member in the audit log in the same transaction. The member gets it like any reply: a
     * realtime event, an unread count, a notification.
     */
    async reply(actor: TStaffActor, input: THostReplyRequest) {
      const c = await hosted(actor, input.chatId);
      const content = await contentOf(input, c);
      const at = now();
      const stored = await db
        .transaction(async (tx) => {
          if (!(await holdLease(tx, { chatId: input.chatId, staffId: actor.id, at, expiresAt: leaseUntil(at) }))) {
            const other = await findLease(tx, input.chatId, at);
            throw other
              ? new AppError('conversation_claimed', { staffName: other.staffName })
              : new AppError('lease_expired');
          }
          if (!(await canReceive(tx, c.memberProfileId, c.fictionalProfileId))) {
            throw new AppError('profile_not_found');
          }
          const row = await storeHostReply(tx, {
            chatId: input.chatId,
            fictionalProfileId: c.fictionalProfileId,
            memberProfileId: c.memberProfileId,
            ...content,
          });
          const jobId = await notify.queue(tx, { type: 'message', messageId: row.id });
          await recordAudit(tx, {
            staffId: actor.id,
            action: 'host.reply',
            siteId: c.siteId,
            userId: c.userId,
            subject: `chat:${input.chatId}`,
            // The message itself stays in the conversation: the log names it, never copies a private text.
            after: { messageId: row.id, kind: row.kind, profileId: c.fictionalProfileId },
          });
          return { row, jobId };
        })
        .catch(async (error: unknown) => {
          if (content.attachmentKey) await store.removeAttachment(content.attachmentKey);
          throw error;
        });
      notify.runSoon([stored.jobId]);
      const site = await sites.byId(c.siteId);
      if (!site) log.warn({ siteId: c.siteId }, 'host reply: the member site is gone');
      await announceMessage(realtime, {
        row: stored.row,
        recipient: c.memberProfileId,
        cdnPrefix: site?.cdnPrefix ?? '',
      });
      await publishToMember(realtime, c.memberProfileId, {
        type: 'read',
        conversation_id: input.chatId,
        up_to: stored.row.id,
      });
      const lease = await findLease(db, input.chatId, at);
      return {
        message: toHostMessage(stored.row, c.fictionalProfileId),
        lease: toLease(lease!, actor.id),
      };
    },
  };
}

export type THostsService = ReturnType<typeof createHostsService>;
