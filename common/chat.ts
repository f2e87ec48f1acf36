import { z } from 'zod';
import { zText } from './text.ts';
import { GIFTS } from './gifts.ts';

/** Messages per page of a conversation; older ones load with 'load older' (spec: history limit 'not shown'). */
export const CHAT_PAGE_SIZE = 30;

/** Message content kinds (spec §3); `removed`: content erased with a purged member's account. */
export const MESSAGE_KINDS = ['text', 'photo', 'gift', 'removed'] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * `POST /api/chat.php`: a message to a member (the conversation is created on the first one): a text, a gift from
 * the catalogue, or one of the sender's own photos (`photo_id`). A new photo is uploaded to `/api/chat-photo.php`.
 */
export const ZSendMessageRequest = z
  .object({
    profile_id: z.number().int().positive(),
    text: zText().trim().min(1, 'validation.required').optional(),
    gift: z.enum(GIFTS).optional(),
    photo_id: z.uuid().optional(),
  })
  .refine((m) => [m.text, m.gift, m.photo_id].filter((v) => v !== undefined).length === 1, {
    path: ['text'],
    message: 'validation.required',
  });
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** A message as the client sees it (its schema is `ZChatMessage` in wire/chat.ts). */
export type { TChatMessage } from './wire/chat.ts';
