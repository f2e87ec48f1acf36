import type { FastifyInstance } from 'fastify';
import { consentsApi } from '#common/wire/consents.ts';
import { route } from '#server/lib/route.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';

/** The member's consents: Art. 9 orientation and marketing opt-ins, and new terms versions. */
export async function consentsRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'consents'> }) {
  const { consents } = services;

  route(app, consentsApi.state, {}, async (request) => consents.state(requireUser(request).id));

  route(app, consentsApi.change, {}, async (request) => {
    const user = requireUser(request);
    const { kind, given } = request.body;
    if (given) await consents.give(user.id, kind, { locale: request.locale, ip: request.ip });
    else await consents.withdraw(user.id, kind);
    return consents.state(user.id);
  });

  route(app, consentsApi.termsPrompt, {}, async (request) => ({
    prompt: await consents.termsPrompt(requireUser(request).id),
  }));

  route(app, consentsApi.acceptTerms, {}, async (request) => {
    const user = requireUser(request);
    await consents.acceptTerms(user.id, request.body, { locale: request.locale, ip: request.ip });
  });
}
