import {
  chatApi,
  type TChatItem,
  type TChatPage,
  type TChatPageQuery,
  type TSendAnswer,
  type TSendMessageRequest,
} from '#common/wire/chat.ts';
import { api } from '#web/lib/api.ts';
import { uploadFile, type TUpload } from '../photos/upload-photo.ts';

/** The member's conversations, newest first. */
export function fetchChats(options: { progress?: boolean } = {}): Promise<TChatItem[]> {
  return api.call(chatApi.list, undefined, options);
}

/** A page of one conversation: the newest, those before a message id or those after one. */
export function fetchChatPage(query: TChatPageQuery, options: { progress?: boolean } = {}): Promise<TChatPage> {
  return api.call(chatApi.page, query, options);
}

/** Sends a text, gift or stored photo; the idempotency key makes a retry safe. */
export function sendMessage(body: TSendMessageRequest, idempotencyKey: string): Promise<TSendAnswer> {
  return api.call(chatApi.send, body, { idempotencyKey });
}

/** Uploads and sends a new photo, reporting upload progress; the idempotency key makes a retry safe. */
export function sendPhotoUpload(
  profileId: number,
  upload: Omit<TUpload, 'fields'> & { idempotencyKey: string },
): Promise<TSendAnswer> {
  return uploadFile(chatApi.sendPhoto, { ...upload, fields: { profile_id: String(profileId) } });
}

/** Deletes one of the member's conversations. */
export function deleteConversation(conversationId: number): Promise<null> {
  return api.call(chatApi.remove, { conversation_id: conversationId });
}
