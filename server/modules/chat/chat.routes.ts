import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZProfileCard } from '../../../common/wire/profile-card.ts';
import { ZSendMessageRequest } from '../../../common/chat.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

const ZMessage = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  from_me: z.boolean(),
  kind: z.string(),
  text: z.string(),
  created_at: z.string(),
});
const ZChatItem = z.object({
  conversation: z.object({ id: z.number().int(), last_message_at: z.string() }),
  profile: ZProfileCard,
  num_unread_messages: z.number().int(),
});
const ZHistoryQuery = z.object({
  conversation_id: z.coerce.number().int().positive(),
  before: z.coerce.number().int().positive().optional(),
});
const ZDeleteBody = z
  .object({
    conversation_id: z.number().int().positive().optional(),
    profile_id: z.number().int().positive().optional(),
  })
  .refine((b) => b.conversation_id || b.profile_id, { message: 'conversation_id or profile_id' });
const IDEMPOTENCY_KEY = /^[\w-]{8,100}$/;

/** Conversations and messages (spec §7 chats.php, chat.php). */
export async function chatRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/chats.php',
    { schema: { tags: ['chat'], summary: 'My conversations, newest first', response: { 200: z.array(ZChatItem) } } },
    async (request) => services.chat.list(requireUser(request).profile.id, request.site.cdnPrefix),
  );
  r.get(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'A page of one of my conversations (opening it marks it read)',
        querystring: ZHistoryQuery,
        response: {
          200: z.object({ other_profile_id: z.number().int(), messages: z.array(ZMessage), has_older: z.boolean() }),
        },
      },
    },
    async (request) =>
      services.chat.messages(requireUser(request).profile.id, request.query.conversation_id, request.query.before),
  );
  r.post(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Send a text message (costs message_credits); send an Idempotency-Key header to retry safely',
        body: ZSendMessageRequest,
        response: { 200: z.object({ message: ZMessage, credits: z.number().int() }) },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' && IDEMPOTENCY_KEY.test(header) ? header : undefined;
      const { message, credits } = await services.chat.send(
        { userId: user.id, profileId: user.profile.id },
        request.body,
        {
          messageCredits: request.site.messageCredits,
          messageLength: request.site.messageLength,
          cdnPrefix: request.site.cdnPrefix,
        },
        key,
      );
      return { message, credits };
    },
  );
  r.delete(
    '/api/chat.php',
    {
      schema: {
        tags: ['chat'],
        summary: 'Delete one of my conversations, or all of mine with a profile',
        body: ZDeleteBody,
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
