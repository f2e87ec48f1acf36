import { createHash } from 'node:crypto';
import { type TMessageKind, ZSendMessageRequest } from '#common/chat.ts';
import { FREE_CONVERSATION_LIMIT, NEW_CONVERSATIONS_PER_DAY } from '#common/constants.ts';
import type { TCore } from '#server/core.ts';
import type { TNotifyQueue } from '../notifications/notifier/notify-queue.ts';
import { AppError } from '#server/lib/app-error.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import type { TRealtimeHub } from '#server/realtime/hub.ts';
import { publishCredits } from '#server/realtime/publish-credits.ts';
import { processPhoto, withProcessingSlot } from '../photos/photo-processing.ts';
import type { TPhotoStore } from '../photos/photo-store.ts';
import { findOwnPhotoKey } from '../photos/photos.repository.ts';
import { findVisibleProfile } from '../profiles/profiles.repository.ts';
import {
  findByIdempotencyKey,
  findCredits,
  sendMessage,
  takeSignupMessage,
  type TMessageRow,
} from './chat.repository.ts';
import { toMessageWire } from './chat.presenter.ts';
import { announceMessage } from './chat-announce.ts';

/** What a send needs to know of the site (spec §3 settings). */
export interface TChatSite {
  messageCredits: number;
  photoCredits: number;
  giftCredits: number;
  messageLength: number;
  cdnPrefix: string;
}

type TSender = { userId: number; profileId: number };

/** Who sends, the site's prices, and the client's Idempotency-Key when it sent one. */
export type TSendContext = { sender: TSender; site: TChatSite; idempotencyKey?: string };

/** The content of a message to store: a text, a gift id or a stored chat photo. */
type TContent = { kind: TMessageKind; body: string; attachmentKey: string | null };
/** The client's idempotency key with the hash of the request it came with. */
type TKeyed = { key: string; hash: string };

/**
 * Binds an idempotency key to what the request asked for (as payment APIs do): the recipient, the kind and the
 * content — the text, the gift, the chosen profile photo or the uploaded file's bytes. Not the stored attachment:
 * every attempt copies a photo under a new random name.
 */
function keyed(
  key: string | undefined,
  { recipient, kind, content }: { recipient: number; kind: TMessageKind; content: string | Buffer },
) {
  if (!key) return undefined;
  const ask = typeof content === 'string' ? content : createHash('sha256').update(content).digest('hex');
  const hash = createHash('sha256')
    .update(JSON.stringify([recipient, kind, ask]))
    .digest('hex');
  return { key, hash };
}

/** Midnight UTC of a moment's day: daily caps count from it. */
const utcDayStart = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));

/** Sending messages with credits (spec §3/§4, ARCHITECTURE §4 money): texts, gifts, photos, the signup message. */
export function createChatSendService(
  core: Pick<TCore, 'db' | 'now'>,
  deps: { realtime: TRealtimeHub; store: TPhotoStore; notify: TNotifyQueue },
) {
  const { db, now } = core;
  const { realtime, store, notify } = deps;
  /** Tells both members about a new message (the sender's other tabs too). */
  const announce = (row: TMessageRow, recipient: number, cdnPrefix: string) =>
    announceMessage(realtime, { row, recipient, cdnPrefix });

  /**
   * Stores and charges a message. In one transaction, with the sender's account row locked: the idempotency key (a
   * retry returns the first message, charged once), the recipient (visible, no block), the free members'
   * conversation limit, the conditional debit with its ledger row, the message and the unread count.
   */
  async function deliver(
    { sender, site }: TSendContext,
    send: { recipient: number; content: TContent; cost: number; idempotency: TKeyed | undefined },
  ) {
    const { recipient, content, cost, idempotency } = send;
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
    context: TSendContext,
    photo: { recipient: number; attachmentKey: string; idempotency: TKeyed | undefined },
  ) {
    const { recipient, attachmentKey, idempotency } = photo;
    const content = { kind: 'photo' as const, body: '', attachmentKey };
    const cost = context.site.photoCredits;
    const result = await deliver(context, { recipient, content, cost, idempotency }).catch(async (error: unknown) => {
      await store.removeAttachment(attachmentKey);
      throw error;
    });
    if (result.replayed) await store.removeAttachment(attachmentKey);
    return result;
  }

  /** A retry that is already stored answers before any image work; the key reused for another send is refused. */
  async function replayed({ sender, site }: TSendContext, idempotency: TKeyed | undefined) {
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
    async send(context: TSendContext, input: unknown) {
      const { sender, site, idempotencyKey } = context;
      const v = parseOrThrow(ZSendMessageRequest, input);
      const recipient = v.profile_id;
      if (recipient === sender.profileId) throw new AppError('invalid_request');
      if (v.text !== undefined) {
        if (v.text.length > site.messageLength) {
          throw new AppError('invalid_request', {
            issues: [{ path: 'text', message: 'validation.message_length' }],
            max: site.messageLength,
          });
        }
        const content = { kind: 'text' as const, body: v.text, attachmentKey: null };
        const idempotency = keyed(idempotencyKey, { recipient, kind: 'text', content: v.text });
        return deliver(context, { recipient, content, cost: site.messageCredits, idempotency });
      }
      if (v.gift !== undefined) {
        const content = { kind: 'gift' as const, body: v.gift, attachmentKey: null };
        const idempotency = keyed(idempotencyKey, { recipient, kind: 'gift', content: v.gift });
        return deliver(context, { recipient, content, cost: site.giftCredits, idempotency });
      }
      const idempotency = keyed(idempotencyKey, { recipient, kind: 'photo', content: `photo_id:${v.photo_id!}` });
      const again = await replayed(context, idempotency);
      if (again) return again;
      const fileKey = await findOwnPhotoKey(db, sender.profileId, v.photo_id!);
      if (!fileKey) throw new AppError('photo_not_found');
      const attachmentKey = await store.copyAttachment(fileKey);
      return deliverPhoto(context, { recipient, attachmentKey, idempotency });
    },
    /** Sends an uploaded photo, processed like profile photos (type from the bytes, metadata removed). */
    async sendUpload(context: TSendContext, { recipient, file }: { recipient: number; file: Buffer }) {
      const { sender, idempotencyKey } = context;
      if (recipient === sender.profileId) throw new AppError('invalid_request');
      const idempotency = keyed(idempotencyKey, { recipient, kind: 'photo', content: file });
      const again = await replayed(context, idempotency);
      if (again) return again;
      // Cheap refusals before the image work; the transaction checks them all again.
      if (!(await findVisibleProfile(db, sender.profileId, recipient))) {
        throw new AppError('profile_not_found');
      }
      const processed = await withProcessingSlot(() => processPhoto(file, { variants: false }));
      const attachmentKey = await store.saveAttachment(processed);
      return deliverPhoto(context, { recipient, attachmentKey, idempotency });
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
  };
}
