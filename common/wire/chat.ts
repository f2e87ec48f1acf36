import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MESSAGE_KINDS, ZSendMessageRequest } from '../chat.ts';
import { GIFTS } from '../gifts.ts';
import { ZProfileCard } from './profile-card.ts';

export { ZSendMessageRequest, type TSendMessageRequest } from '../chat.ts';

/** A message as the client sees it; `photo` for photo messages, `gift` (a catalogue id) for gifts. */
export const ZChatMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  from_me: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  text: z.string(),
  photo: z.object({ filename: z.string(), thumb_filename: z.string() }).nullable(),
  gift: z.enum(GIFTS).nullable(),
  created_at: z.string(),
});

/** `POST /api/chat.php` and `/api/chat-photo.php` answer: the message sent and the balance left. */
export const ZSendAnswer = z.object({ message: ZChatMessage, credits: z.number().int() });

/** The newest message of a conversation as the list previews it: a text's start, or only its kind. */
export const ZLastMessage = z.object({
  kind: z.enum(MESSAGE_KINDS),
  /** The start of a text message; empty for the other kinds. */
  text: z.string(),
  from_me: z.boolean(),
  created_at: z.string(),
});

/** Whether the other member is online now, was active recently, or neither (or hides it: invisible mode). */
export const ONLINE_STATES = ['now', 'recently'] as const;
export type TOnlineState = (typeof ONLINE_STATES)[number];

/** One conversation of `GET /api/chats.php`: the other member's card, my unread count, the newest message, presence. */
export const ZChatItem = z.object({
  conversation: z.object({ id: z.number().int(), last_message_at: z.string() }),
  profile: ZProfileCard,
  num_unread_messages: z.number().int(),
  last_message: ZLastMessage.nullable(),
  online: z.enum(ONLINE_STATES).nullable(),
});

/** `GET /api/chats.php`: my conversations, newest first. */
export const ZChatList = z.array(ZChatItem);

/** `GET /api/chat.php` query: the newest page, those before a message id or those after one. */
export const ZChatPageQuery = z.object({
  conversation_id: z.coerce.number().int().positive(),
  before: z.coerce.number().int().positive().optional(),
  after: z.coerce.number().int().nonnegative().optional(),
});

/** `GET /api/chat.php` answer: a page of one conversation. */
export const ZChatPage = z.object({
  other_profile_id: z.number().int(),
  messages: z.array(ZChatMessage),
  has_older: z.boolean(),
  /** A resync page (`after`) that did not reach the newest message: ask again after its last one. */
  has_newer: z.boolean(),
  read_up_to: z.number().int(),
});

/** `DELETE /api/chat.php` body: one conversation, or all of mine with a profile. */
export const ZDeleteChatRequest = z
  .object({
    conversation_id: z.number().int().positive().optional(),
    profile_id: z.number().int().positive().optional(),
  })
  .refine((b) => b.conversation_id || b.profile_id, { message: 'conversation_id or profile_id' });

export type TChatMessage = z.infer<typeof ZChatMessage>;
export type TSendAnswer = z.infer<typeof ZSendAnswer>;
export type TChatItem = z.infer<typeof ZChatItem>;
export type TLastMessage = z.infer<typeof ZLastMessage>;
export type TChatPage = z.infer<typeof ZChatPage>;
export type TChatPageQuery = z.infer<typeof ZChatPageQuery>;
export type TDeleteChatRequest = z.infer<typeof ZDeleteChatRequest>;

/** The chat endpoints (spec §7 chats.php, chat.php). */
export const chatApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/chats.php',
    tags: ['chat'],
    summary: 'My conversations, newest first',
    revalidate: true,
    response: ZChatList,
  }),
  page: defineEndpoint({
    method: 'GET',
    path: '/api/chat.php',
    tags: ['chat'],
    summary:
      'A page of one of my conversations: the newest, those before a message id or those after one (reading the newest marks it read)',
    query: ZChatPageQuery,
    response: ZChatPage,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/api/chat.php',
    tags: ['chat'],
    summary:
      'Send a text (message_credits), a gift (gift_credits) or one of my photos (photo_credits); send an Idempotency-Key header to retry safely',
    body: ZSendMessageRequest,
    response: ZSendAnswer,
  }),
  sendPhoto: defineEndpoint({
    method: 'POST',
    path: '/api/chat-photo.php',
    tags: ['chat'],
    summary:
      'Send a new photo (multipart: field profile_id, then file photo; costs photo_credits); Idempotency-Key header to retry safely',
    body: 'multipart',
    response: ZSendAnswer,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/chat.php',
    tags: ['chat'],
    summary: 'Delete one of my conversations, or all of mine with a profile',
    body: ZDeleteChatRequest,
    response: null,
  }),
};
