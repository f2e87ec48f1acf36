import type {
  TChatItem,
  TChatPage,
  TChatPageQuery,
  TSendAnswer,
  TSendMessageRequest,
} from '../../../common/wire/chat.ts';
import { api } from '../../lib/api.ts';
import { uploadFile } from '../photos/upload-photo.ts';

/** The member's conversations, newest first. */
export function fetchChats(options: { progress?: boolean } = {}): Promise<TChatItem[]> {
  return api.get<TChatItem[]>('/api/chats.php', options);
}

/** A page of one conversation: the newest, those before a message id or those after one. */
export function fetchChatPage(query: TChatPageQuery, options: { progress?: boolean } = {}): Promise<TChatPage> {
  return api.get<TChatPage>('/api/chat.php', { query, ...options });
}

/** Sends a text, gift or stored photo; the idempotency key makes a retry safe. */
export function sendMessage(body: TSendMessageRequest, idempotencyKey: string): Promise<TSendAnswer> {
  return api.post<TSendAnswer>('/api/chat.php', body, { idempotencyKey });
}

/** Uploads and sends a new photo, reporting upload progress; the idempotency key makes a retry safe. */
export function sendPhotoUpload(
  profileId: number,
  file: File,
  onProgress: (fraction: number) => void,
  idempotencyKey: string,
): Promise<TSendAnswer> {
  return uploadFile<TSendAnswer>('/api/chat-photo.php', file, onProgress, {
    fields: { profile_id: String(profileId) },
    idempotencyKey,
  });
}

/** Deletes one of the member's conversations. */
export function deleteConversation(conversationId: number): Promise<null> {
  return api.delete<null>('/api/chat.php', { body: { conversation_id: conversationId } });
}
