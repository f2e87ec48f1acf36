import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZChatList,
  ZChatPage,
  ZChatPageQuery,
  ZDeleteChatRequest,
  ZSendAnswer,
  ZSendMessageRequest,
} from '../../../common/wire/chat.ts';
import { PHOTO_MAX_BYTES } from '../../../common/photos.ts';
import { AppError } from '../../lib/app-error.ts';
import { readUploadedPhoto } from '../photos/uploaded-photo.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** The client's Idempotency-Key header when well formed. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && IDEMPOTENCY_KEY.test(header) ? header : undefined;
}

/** The sender and the site's prices of a send. */
function sendContext(request: FastifyRequest) {
  const user = requireUser(request);
  const { site } = request;
  return {
    sender: { userId: user.id, profileId: user.profile.id },
    site: {
      messageCredits: site.messageCredits,
      photoCredits: site.photoCredits,
      giftCredits: site.giftCredits,
      messageLength: site.messageLength,
      cdnPrefix: site.cdnPrefix,
    },
  };
}

/** Conversations and messages (spec §7 chats.php, chat.php). */
export async function chatRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/chats.php',
    { schema: { tags: ['chat'], summary: 'My conversations, newest first', response: { 200: ZChatList } } },
    async (request) => services.chat.list(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  r.get(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary:
          'A page of one of my conversations: the newest, those before a message id or those after one (reading the newest marks it read)',
        querystring: ZChatPageQuery,
        response: { 200: ZChatPage },
      },
    },
    async (request) =>
      services.chat.messages(
        requireUser(request).profile.id,
        request.query.conversation_id,
        { before: request.query.before, after: request.query.after },
        request.site.cdnPrefix,
      ),
  );
  r.post(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary:
          'Send a text (message_credits), a gift (gift_credits) or one of my photos (photo_credits); send an Idempotency-Key header to retry safely',
        body: ZSendMessageRequest,
        response: { 200: ZSendAnswer },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { sender, site } = sendContext(request);
      const { message, credits } = await services.chat.send(sender, request.body, site, idempotencyKey(request));
      return { message, credits };
    },
  );
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 3, parts: 4 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/chat-photo.php',
      {
        schema: {
          tags: ['chat'],
          summary:
            'Send a new photo (multipart: field profile_id, then file photo; costs photo_credits); Idempotency-Key header to retry safely',
          consumes: ['multipart/form-data'],
          response: { 200: ZSendAnswer },
        },
        config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      },
      async (request) => {
        const { sender, site } = sendContext(request);
        const { file, bytes } = await readUploadedPhoto(request);
        const field = file.fields.profile_id;
        const value = field && !Array.isArray(field) && field.type === 'field' ? Number(field.value) : NaN;
        if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('invalid_request');
        const { message, credits } = await services.chat.sendUpload(
          sender,
          value,
          bytes,
          site,
          idempotencyKey(request),
        );
        return { message, credits };
      },
    );
  });
  r.delete(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete one of my conversations, or all of mine with a profile',
        body: ZDeleteChatRequest,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await services.chat.remove(requireUser(request).profile.id, {
        conversationId: request.body.conversation_id,
        profileId: request.body.profile_id,
      });
      return reply.status(204).send(null);
    },
  );
}
