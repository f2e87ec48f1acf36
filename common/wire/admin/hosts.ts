import { z } from 'zod';
import { defineEndpoint } from '#common/endpoint.ts';
import { MESSAGE_KINDS } from '#common/chat.ts';
import { GIFTS } from '#common/gifts.ts';
import { ZFictionalPhoto, ZPhotoUrls } from './fictional-profiles.ts';
import { zText } from '#common/text.ts';

/** How long a host's claim on a conversation lasts unless renewed (issue 30: ~5 minutes). */
export const HOST_LEASE_MS = 5 * 60 * 1000;
/** Conversations per page of the hosts' inbox, fictional profiles per page of their list. */
export const HOST_PAGE_SIZE = 30;
/** Messages per page of a conversation in the console. */
export const HOST_MESSAGES_PAGE = 40;
const zId = z.coerce.number().int().positive();

/** A profile as a host sees it beside a conversation: who the member (or the fictional profile) is. */
export const ZHostProfileCard = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int().nullable(),
  gender: z.string(),
  city: z.string(),
  country: z.string(),
  aboutMe: z.string(),
  interests: z.array(z.string()),
  photo: ZPhotoUrls.nullable(),
  memberSince: z.string(),
});

/** Who holds a conversation now, if anyone. */
export const ZHostLease = z.object({
  chatId: z.number().int(),
  staffId: z.number().int(),
  staffName: z.string(),
  mine: z.boolean(),
  expiresAt: z.string(),
});

/** One waiting conversation of the inbox. */
export const ZHostInboxItem = z.object({
  chatId: z.number().int(),
  siteId: z.number().int(),
  waitingSince: z.string(),
  fictional: z.object({ id: z.number().int(), name: z.string(), photo: ZPhotoUrls.nullable() }),
  member: z.object({ id: z.number().int(), name: z.string(), age: z.number().int().nullable(), city: z.string() }),
  lastMessage: z.object({ kind: z.enum(MESSAGE_KINDS), text: z.string() }).nullable(),
  lease: ZHostLease.nullable(),
});

/** A message as a host sees it: `fromMember` tells the member's messages from the fictional profile's. */
export const ZHostMessage = z.object({
  id: z.number().int(),
  fromMember: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string(),
  photo: ZPhotoUrls.nullable(),
  gift: z.enum(GIFTS).nullable(),
  createdAt: z.string(),
});

/** What a host sends as the profile: a text, a gift, or one of the profile's photos. */
export const ZHostReplyRequest = z
  .object({
    chatId: zId,
    text: zText().trim().min(1, 'validation.required').optional(),
    gift: z.enum(GIFTS).optional(),
    photoId: z.uuid().optional(),
  })
  .refine((m) => [m.text, m.gift, m.photoId].filter((v) => v !== undefined).length === 1, {
    path: ['text'],
    message: 'validation.required',
  });

export const ZHostInboxQuery = z.object({ siteId: zId.optional(), page: z.coerce.number().int().min(1).default(1) });
export const ZHostInbox = z.object({
  items: z.array(ZHostInboxItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const ZHostFigures = z.object({
  sites: z.array(
    z.object({
      siteId: z.number().int(),
      siteName: z.string(),
      unanswered: z.number().int(),
      claimed: z.number().int(),
      oldestWaitingSince: z.string().nullable(),
    }),
  ),
});
export const ZHostConversationQuery = z.object({ chatId: zId, before: zId.optional() });
export const ZHostConversation = z.object({
  chatId: z.number().int(),
  siteId: z.number().int(),
  unanswered: z.boolean(),
  waitingSince: z.string().nullable(),
  member: ZHostProfileCard,
  fictional: ZHostProfileCard.extend({ photos: z.array(ZFictionalPhoto) }),
  messages: z.array(ZHostMessage),
  hasOlder: z.boolean(),
  lease: ZHostLease.nullable(),
});
export type THostInboxItem = z.infer<typeof ZHostInboxItem>;
export type THostConversation = z.infer<typeof ZHostConversation>;
export type THostMessage = z.infer<typeof ZHostMessage>;
export type THostLease = z.infer<typeof ZHostLease>;
export type THostInbox = z.infer<typeof ZHostInbox>;
export type THostFigures = z.infer<typeof ZHostFigures>;
export type THostReplyRequest = z.infer<typeof ZHostReplyRequest>;

const HOSTS = { roles: ['host'] } as const;
const tags = ['admin', 'hosts'];

/** The hosts' console (issue 30): the inbox of conversations with fictional profiles, leases and replies. */
export const hostsApi = {
  inbox: defineEndpoint({
    method: 'GET',
    path: '/api/admin/hosts/inbox',
    tags,
    summary: 'Unanswered conversations with fictional profiles, oldest first',
    query: ZHostInboxQuery,
    response: ZHostInbox,
    staff: HOSTS,
  }),
  figures: defineEndpoint({
    method: 'GET',
    path: '/api/admin/hosts/figures',
    tags,
    summary: 'Unanswered conversations and the oldest wait per site',
    response: ZHostFigures,
    staff: HOSTS,
  }),
  conversation: defineEndpoint({
    method: 'GET',
    path: '/api/admin/hosts/conversation',
    tags,
    summary: 'A conversation with a fictional profile, the member and the profile beside it',
    query: ZHostConversationQuery,
    response: ZHostConversation,
    staff: HOSTS,
  }),
  claim: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/claim',
    tags,
    summary: 'Claim (or renew the claim on) a conversation for a few minutes',
    body: z.object({ chatId: zId }),
    response: ZHostLease,
    staff: HOSTS,
  }),
  next: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/next',
    tags,
    summary: 'Claim the oldest unanswered conversation nobody holds',
    body: z.object({ siteId: zId.optional() }),
    response: z.object({ lease: ZHostLease.nullable() }),
    staff: HOSTS,
  }),
  release: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/release',
    tags,
    summary: 'Give a claimed conversation back',
    body: z.object({ chatId: zId }),
    response: null,
    staff: HOSTS,
  }),
  reply: defineEndpoint({
    method: 'POST',
    path: '/api/admin/hosts/reply',
    tags,
    summary: 'Answer as the fictional profile (text, gift or one of its photos); charges nobody',
    body: ZHostReplyRequest,
    response: z.object({ message: ZHostMessage, lease: ZHostLease }),
    staff: HOSTS,
  }),
};
