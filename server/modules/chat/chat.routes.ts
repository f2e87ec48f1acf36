import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { chatApi } from '#common/wire/chat.ts';
import { PHOTO_MAX_BYTES } from '#common/photos.ts';
import { AppError } from '#server/lib/app-error.ts';
import { route } from '#server/lib/route.ts';
import { readUploadedPhoto } from '../photos/uploaded-photo.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';
import type { TSendContext } from './chat-send.service.ts';

const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** The client's Idempotency-Key header when well formed. */
function idempotencyKey(request: FastifyRequest): string | undefined {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' && IDEMPOTENCY_KEY.test(header) ? header : undefined;
}

/** The sender, the site's prices and the idempotency key of a send. */
function sendContext(request: FastifyRequest): TSendContext {
  const user = requireUser(request);
  const { site } = request;
  return {
    sender: { userId: user.id, profileId: user.profile.id },
    idempotencyKey: idempotencyKey(request),
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
export async function chatRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'chat'> }) {
  route(app, chatApi.list, {}, async (request) =>
    services.chat.list(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  route(app, chatApi.page, {}, async (request) =>
    services.chat.messages(
      requireUser(request).profile.id,
      { conversationId: request.query.conversation_id, before: request.query.before, after: request.query.after },
      request.site.cdnPrefix,
    ),
  );
  route(app, chatApi.send, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request) => {
    const { message, credits } = await services.chat.send(sendContext(request), request.body);
    return { message, credits };
  });
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 3, parts: 4 } });
    route(
      scope,
      chatApi.sendPhoto,
      { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } },
      async (request) => {
        const context = sendContext(request);
        const { file, bytes } = await readUploadedPhoto(request);
        const field = file.fields.profile_id;
        const value = field && !Array.isArray(field) && field.type === 'field' ? Number(field.value) : NaN;
        if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('invalid_request');
        const { message, credits } = await services.chat.sendUpload(context, { recipient: value, file: bytes });
        return { message, credits };
      },
    );
  });
  route(app, chatApi.remove, {}, async (request) => {
    await services.chat.remove(requireUser(request).profile.id, {
      conversationId: request.body.conversation_id,
      profileId: request.body.profile_id,
    });
  });
}
