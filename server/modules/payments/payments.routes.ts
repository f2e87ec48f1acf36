import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '#common/text.ts';
import { makeDirectDebitSchema, ZDirectDebitConfirm } from '#common/direct-debit.ts';
import { parseOrThrow } from '#server/lib/validation.ts';
import { AppError } from '#server/lib/app-error.ts';
import { acceptFormBodies } from '#server/lib/form-body.ts';
import { requireUser } from '#server/plugins/auth.ts';
import type { TServices } from '#server/services.ts';
import { siteOrigin } from '#server/lib/site-origin.ts';
import { paymentsApi, toCardWire, toPaymentWire } from '#common/wire/payments.ts';
import { route } from '#server/lib/route.ts';
import type { TPaymentUrls } from './checkout.service.ts';
import { pageUrl } from '#common/routes.ts';
import { safeRedirect } from '#common/safe-redirect.ts';

/** The services the payment routes use. */
type TPaymentsRouteServices = Pick<
  TServices,
  'config' | 'siteSettings' | 'payments' | 'checkout' | 'discounts' | 'directDebit' | 'paymentWebhook'
>;

/** The country whose prices and methods a member sees (the selected country of spec §3 settings). */
function paymentCountry(services: Pick<TServices, 'siteSettings'>, request: FastifyRequest): string {
  return services.siteSettings.selectedCountry(request.site, request.geoCountry, request.cookies.country);
}

/**
 * Where the provider sends the member back to and reports to, on the site the member uses. `from` is where the
 * purchase started (a chat with its draft): the result page carries it on, only as a path on this site.
 */
function paymentUrls(services: Pick<TServices, 'config'>, request: FastifyRequest, from?: string): TPaymentUrls {
  const origin = siteOrigin(request, services.config.publicUrl);
  const back = safeRedirect(from, origin, '');
  return {
    redirect: (id) => pageUrl(origin, 'transactions', { id }, back ? { redirect: back } : undefined),
    webhook: `${origin}/webhooks/payment`,
  };
}

/** Credit bundles, starting a purchase, the provider's webhook and the member's payments (spec §2 credits). */
export async function paymentsRoutes(app: FastifyInstance, { services }: { services: TPaymentsRouteServices }) {
  route(app, paymentsApi.offer, {}, async (request) =>
    services.payments.offer(request.site.id, paymentCountry(services, request)),
  );
  route(app, paymentsApi.start, { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } }, async (request) => {
    const user = requireUser(request);
    const country = paymentCountry(services, request);
    return services.checkout.start(
      { userId: user.id, siteId: request.site.id, country },
      {
        packageId: request.body.package_id,
        method: request.body.payment_method,
        discountCode: request.body.discount_code,
        rememberCard: request.body.remember_card,
      },
      {
        pricing: {
          messageCredits: request.site.messageCredits,
          minimumMessageCost: request.site.minimumMessageCosts[country]?.costs ?? null,
        },
        urls: paymentUrls(services, request, request.body.redirect),
      },
    );
  });
  route(app, paymentsApi.storedCard, {}, async (request) => {
    const card = await services.payments.storedCard(requireUser(request).id);
    return { card: card ? toCardWire(card) : null };
  });
  const tenIn10Minutes = { config: { rateLimit: { max: 10, timeWindow: '10 minutes' } } };
  route(app, paymentsApi.repeatOrder, tenIn10Minutes, async (request) => {
    const user = requireUser(request);
    const member = { userId: user.id, siteId: request.site.id, country: paymentCountry(services, request) };
    return services.checkout.repeat(member, request.body.package_id, paymentUrls(services, request));
  });
  route(app, paymentsApi.forgetCard, {}, async (request) => {
    await services.payments.forgetCard(requireUser(request).id, request.query.card_id);
    return { ok: true as const };
  });
  route(app, paymentsApi.directDebitStatus, {}, async (request) => {
    const user = requireUser(request);
    const country = paymentCountry(services, request);
    const offered = (await services.payments.offer(request.site.id, country)).methods.includes('directdebit');
    return { status: offered ? await services.directDebit.status(user.id) : ('not_offered' as const), country };
  });
  route(app, paymentsApi.requestDirectDebit, tenIn10Minutes, async (request) => {
    const user = requireUser(request);
    const country = paymentCountry(services, request);
    const form = parseOrThrow(makeDirectDebitSchema(country), request.body);
    return services.directDebit.request(
      { userId: user.id, siteId: request.site.id, siteName: request.site.name, country, locale: request.locale },
      form,
    );
  });
  const confirmLimit = { config: { rateLimit: { max: 20, timeWindow: '10 minutes' } } };
  route(app, paymentsApi.confirmDirectDebit, confirmLimit, async (request) => {
    const user = requireUser(request);
    const input = parseOrThrow(ZDirectDebitConfirm, request.body);
    const country = paymentCountry(services, request);
    return services.directDebit.confirm(
      { userId: user.id, siteId: request.site.id, siteName: request.site.name, country, locale: request.locale },
      input,
      paymentUrls(services, request),
    );
  });
  route(app, paymentsApi.discount, { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } }, async (request) => {
    const user = requireUser(request);
    const who = { userId: user.id, siteId: request.site.id, country: paymentCountry(services, request) };
    if (request.query.welcome) return services.discounts.welcome(who);
    if (!request.query.code) throw new AppError('discount_not_found');
    return services.discounts.lookup(who, request.query.code);
  });
  route(app, paymentsApi.timeBonus, {}, async (request) => ({
    time_bonus: request.user ? await services.discounts.timeBonus(request.user.id) : null,
  }));
  route(app, paymentsApi.payments, {}, async (request) => {
    const user = requireUser(request);
    if (request.query.payment_id) return toPaymentWire(await services.payments.get(user.id, request.query.payment_id));
    return (await services.payments.history(user.id)).map(toPaymentWire);
  });
  // The provider calls from its own servers, without session or Origin, so the webhook lives outside /api (and its
  // origin check). It can abuse nothing: it names a payment id, and the status is fetched from the provider.
  await app.register(async (scope) => {
    // Providers post `id=…` as a form (Mollie does); JSON works too.
    acceptFormBodies(scope);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/webhooks/payment',
      {
        schema: {
          tags: ['payments'],
          summary: 'Payment provider webhook: `id` of its payment (form or JSON); we fetch the status from it',
          body: z.object({ id: zText().min(1).max(100) }),
          response: { 200: z.literal('') },
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
        // Providers read a short acknowledgement; nothing to gain from compressing it.
        compress: false,
      },
      async (request, reply) => {
        await services.paymentWebhook.applyProviderReport(request.body.id);
        // Unknown ids are acknowledged too: nothing to learn for whoever probes.
        return reply.status(200).send('');
      },
    );
  });
}
