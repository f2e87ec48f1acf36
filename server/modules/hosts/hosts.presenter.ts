import { yearsSince } from '#common/accounts.ts';
import type { TMessageKind } from '#common/chat.ts';
import type { TGiftId } from '#common/gifts.ts';
import type { THostLease, THostMessage } from '#common/wire/admin/hosts.ts';
import { photoUrls } from '../photos/photo-store.ts';
import type { TLeaseRow } from './host-leases.repository.ts';
import type { findProfileCard, THostMessageRow } from './hosts.repository.ts';

/** Console photos are served by this app itself (`/media/…`), whatever CDN the member's site uses. */
export const CONSOLE_CDN = '';

/** The public URLs of a stored photo, or null. */
export const photoOf = (fileKey: string | null) =>
  fileKey ? photoUrls({ fileKey, censoredKey: null }, CONSOLE_CDN, false) : null;

/** A message as a host sees it. */
export function toHostMessage(m: THostMessageRow, fictionalProfileId: number): THostMessage {
  return {
    id: m.id,
    fromMember: m.senderProfileId !== fictionalProfileId,
    kind: m.kind as TMessageKind,
    text: m.kind === 'text' ? m.body : '',
    photo: photoOf(m.attachmentKey),
    gift: m.kind === 'gift' ? (m.body as TGiftId) : null,
    createdAt: m.createdAt.toISOString(),
  };
}

/** A lease as the console shows it. */
export function toLease(row: TLeaseRow, staffId: number): THostLease {
  return {
    chatId: row.conversationId,
    staffId: row.staffId,
    staffName: row.staffName,
    mine: row.staffId === staffId,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** A profile card beside a conversation. */
export function toHostCard(row: NonNullable<Awaited<ReturnType<typeof findProfileCard>>>, today: Date) {
  return {
    id: row.id,
    name: row.name,
    age: yearsSince(row.birthDate, today),
    gender: row.gender,
    city: row.city,
    country: row.country,
    aboutMe: row.aboutMe,
    interests: row.interests,
    photo: photoOf(row.fileKey),
    memberSince: row.createdAt.toISOString(),
  };
}
