import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '#server/lib/app-error.ts';
import type { TServices } from '#server/services.ts';

/** Largest report body accepted (a provider batches events; nothing legitimate comes near it). */
const BODY_LIMIT = 256 * 1024;
/** The header carrying `sha256=<hex HMAC-SHA256 of the raw body>` under MAIL_WEBHOOK_SECRET. */
const SIGNATURE_HEADER = 'x-amora-signature';

const ZEventBase = {
  id: z.string().min(1).max(200),
  email: z.string().min(3).max(320),
  timestamp: z.string().max(64).optional(),
};
/** `POST /webhooks/mail`: bounce and complaint reports (README, "Mail provider webhook"). */
export const ZMailWebhook = z.object({
  events: z
    .array(
      z.discriminatedUnion('type', [
        z.object({ ...ZEventBase, type: z.literal('bounce'), bounce_type: z.enum(['hard', 'soft']) }),
        z.object({ ...ZEventBase, type: z.literal('complaint') }),
      ]),
    )
    .min(1)
    .max(1000),
});

/** Whether a signature header is the HMAC of the raw body under the secret (constant-time compare). */
export function isValidMailSignature(secret: string, raw: Buffer, header: string | undefined): boolean {
  const given = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')?.[1];
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

/**
 * The mail provider's bounce and spam-complaint reports, authenticated with an HMAC of the raw body under
 * MAIL_WEBHOOK_SECRET. Without that setting the route does not exist (404).
 */
export async function mailWebhookRoutes(
  app: FastifyInstance,
  { services }: { services: Pick<TServices, 'config' | 'emailStatus'> },
) {
  const secret = services.config.mailWebhookSecret;
  if (!secret) return;
  const rawBodies = new WeakMap<FastifyRequest, Buffer>();
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (request, body, done) => {
        rawBodies.set(request, body as Buffer);
        // Not JSON: the signature is checked first, then the schema refuses it (400).
        try {
          done(null, JSON.parse((body as Buffer).toString('utf8')));
        } catch {
          done(null, null);
        }
      },
    );
    // Before the schema: a request without a valid signature learns nothing, not even whether its body would parse.
    scope.addHook('preValidation', async (request) => {
      const raw = rawBodies.get(request) ?? Buffer.alloc(0);
      const header = request.headers[SIGNATURE_HEADER];
      if (!isValidMailSignature(secret, raw, Array.isArray(header) ? header[0] : header)) {
        throw new AppError('authentication_required', undefined, 401);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/mail',
      {
        bodyLimit: BODY_LIMIT,
        compress: false,
        schema: {
          tags: ['notifications'],
          summary: 'Mail provider webhook: bounces and spam complaints (HMAC-SHA256 in X-Amora-Signature)',
          body: ZMailWebhook,
          response: { 200: z.object({ received: z.number().int(), disabled: z.number().int() }) },
        },
      },
      async (request) => {
        let disabled = 0;
        for (const event of request.body.events) {
          const base = { id: event.id, email: event.email, timestamp: event.timestamp };
          const report =
            event.type === 'bounce'
              ? { ...base, type: 'bounce' as const, bounceType: event.bounce_type }
              : { ...base, type: 'complaint' as const };
          disabled += (await services.emailStatus.recordFeedback(report)).length;
        }
        return { received: request.body.events.length, disabled };
      },
    );
  });
}
