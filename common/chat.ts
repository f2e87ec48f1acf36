import { z } from 'zod';

/** Messages per page of a conversation; older ones load with 'load older' (spec: history limit 'not shown'). */
export const CHAT_PAGE_SIZE = 30;

/** `POST /api/chat.php`: a text message to a member (the conversation is created on the first one). */
export const ZSendMessageRequest = z.object({
  profile_id: z.number().int().positive(),
  text: z.string().trim().min(1, 'validation.required'),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

/** A message as the client sees it. */
export interface TChatMessage {
  id: number;
  conversation_id: number;
  from_me: boolean;
  kind: string;
  text: string;
  created_at: string;
}
