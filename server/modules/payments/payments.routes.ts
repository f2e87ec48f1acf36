import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../common/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';
import { siteOrigin } from '../accounts/accounts.routes.ts';
import { toPaymentWire } from './payments.service.ts';

const ZPackage = z.object({
  id: z.number().int(),
  credits: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  colour: z.string(),
});
const ZPayment = z.object({
  payment_id: z.string(),
  credits: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  payment_method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});

/** The country whose prices and methods a member sees (the selected country of spec §3 settings). */
function paymentCountry(services: TServices, request: FastifyRequest): string {
  return services.siteSettings.selectedCountry(request.site, request.geoCountry, request.cookies.country);
}

/** Credit bundles, starting a purchase, the provider's webhook and the member's payments (spec §2 credits). */
export async function paymentsRoutes(app: FastifyInstance, { services }: { services: TServices }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/packages.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Credit bundles and payment methods of my country',
        response: { 200: z.object({ country: z.string(), packages: z.array(ZPackage), methods: z.array(z.string()) }) },
      },
    },
    async (request) => services.payments.offer(request.site.id, paymentCountry(services, request)),
  );
  r.post(
    '/api/payment.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Start buying a bundle: answers the provider checkout URL to send the member to',
        body: z.object({
          package_id: z.number().int().positive(),
          payment_method: z.enum(PAYMENT_METHODS),
          discount_code: z.string().trim().min(1).max(40).optional(),
        }),
        response: { 200: z.object({ payment_id: z.string(), checkout_url: z.string() }) },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = requireUser(request);
      const origin = siteOrigin(request, services.config.publicUrl);
      const country = paymentCountry(services, request);
      return services.payments.start(
        { userId: user.id, siteId: request.site.id, country },
        {
          packageId: request.body.package_id,
          method: request.body.payment_method,
          discountCode: request.body.discount_code,
        },
        {
          messageCredits: request.site.messageCredits,
          minimumMessageCost: request.site.minimumMessageCosts[country]?.costs ?? null,
        },
        {
          redirect: (id) => `${origin}/transactions/${id}`,
          webhook: `${origin}/webhooks/payment`,
        },
      );
    },
  );
  r.get(
    '/api/discountcode.php',
    {
      schema: {
        tags: ['payments'],
        summary:
          "A discount code I may use ('Code not found' / 'Code already used'), or with welcome=true my welcome discount",
        querystring: z.object({ code: z.string().trim().max(40).optional(), welcome: z.stringbool().optional() }),
        response: {
          200: z.object({
            code: z.string(),
            country: z.string().nullable(),
            user_id: z.number().int().nullable(),
            expires: z.string(),
            value_percentage: z.number().int(),
            currency: z.string().nullable(),
            minimum_order_value: z.number().int(),
            status: z.string(),
            validity: z.number().int(),
            expired: z.boolean(),
            paymentmethods: z.array(z.string()),
          }),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const user = requireUser(request);
      const who = { userId: user.id, siteId: request.site.id, country: paymentCountry(services, request) };
      if (request.query.welcome) return services.discounts.welcome(who);
      if (!request.query.code) throw new AppError('discount_not_found');
      return services.discounts.lookup(who, request.query.code);
    },
  );
  r.get(
    '/api/payment.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of my payments (brought up to date with the provider while not final), or all of them',
        querystring: z.object({ payment_id: z.uuid().optional() }),
        response: { 200: z.union([ZPayment, z.array(ZPayment)]) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (request.query.payment_id)
        return toPaymentWire(await services.payments.get(user.id, request.query.payment_id));
      return (await services.payments.history(user.id)).map(toPaymentWire);
    },
  );
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
          body: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: z.literal('') },
        },
        config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        await services.payments.webhook(request.body.id);
        // Unknown ids are acknowledged too: nothing to learn for whoever probes.
        return reply.status(200).send('');
      },
    );
  });
}
