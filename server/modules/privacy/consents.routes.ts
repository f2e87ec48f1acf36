import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZConsentChange,
  ZConsentsState,
  ZTermsAcceptance,
  ZTermsPromptResponse,
} from '../../../common/wire/consents.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';

/** The member's consents (issue 23 §1, §2): Art. 9 orientation and marketing opt-ins, and new terms versions. */
export async function consentsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { consents } = services;

  r.get(
    '/api/consents.php',
    { schema: { tags: ['privacy'], summary: 'The member’s consents', response: { 200: ZConsentsState } } },
    async (request) => consents.state(requireUser(request).id),
  );

  r.post(
    '/api/consents.php',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Give or withdraw a consent (withdrawing orientation deletes the stored orientation)',
        body: ZConsentChange,
        response: { 200: ZConsentsState },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { kind, given } = request.body;
      if (given) await consents.give(user.id, kind, { locale: request.locale, ip: request.ip });
      else await consents.withdraw(user.id, kind);
      return consents.state(user.id);
    },
  );

  r.get(
    '/api/terms-acceptance.php',
    {
      schema: {
        tags: ['privacy'],
        summary: 'What the member must still accept (new terms, consent for a stored orientation)',
        response: { 200: ZTermsPromptResponse },
      },
    },
    async (request) => ({ prompt: await consents.termsPrompt(requireUser(request).id) }),
  );

  r.post(
    '/api/terms-acceptance.php',
    {
      schema: {
        tags: ['privacy'],
        summary: 'Accept the current terms and privacy policy (and answer the orientation question when asked)',
        body: ZTermsAcceptance,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await consents.acceptTerms(user.id, request.body, { locale: request.locale, ip: request.ip });
      return reply.status(204).send(null);
    },
  );
}
