import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '../../../common/text.ts';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../../../common/payments.ts';
import { makeDirectDebitSchema, ZDirectDebitConfirm } from '../../../common/direct-debit.ts';
import { parseOrThrow } from '../../lib/validation.ts';
import { AppError } from '../../lib/app-error.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { TServices } from '../../services.ts';
import { siteOrigin } from '../../lib/site-origin.ts';
import { toCardWire, toPaymentWire } from '../../../common/wire/payments.ts';
import type { TPaymentUrls } from './checkout.service.ts';

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
  package_id: z.number().int(),
  recurring: z.boolean(),
  status: z.enum(PAYMENT_STATUSES),
  created_at: z.string(),
});

/** The country whose prices and methods a member sees (the selected country of spec §3 settings). */
function paymentCountry(services: TServices, request: FastifyRequest): string {
  return services.siteSettings.selectedCountry(request.site, request.geoCountry, request.cookies.country);
}

/** Where the provider sends the member back to and reports to, on the site the member uses. */
function paymentUrls(services: TServices, request: FastifyRequest): TPaymentUrls {
  const origin = siteOrigin(request, services.config.publicUrl);
  return { redirect: (id) => `${origin}/transactions/${id}`, webhook: `${origin}/webhooks/payment` };
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
          discount_code: zText().trim().min(1).max(40).optional(),
          /** The member agreed to keep the card for one-click repeat orders (credit card only). */
          remember_card: z.boolean().optional(),
        }),
        response: { 200: z.object({ payment_id: z.string(), checkout_url: z.string() }) },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
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
          messageCredits: request.site.messageCredits,
          minimumMessageCost: request.site.minimumMessageCosts[country]?.costs ?? null,
        },
        paymentUrls(services, request),
      );
    },
  );
  const ZCard = z.object({ id: z.number().int(), label: z.string(), created_at: z.string() });
  r.get(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'My stored card for the one-click repeat order (null without one)',
        response: { 200: z.object({ card: ZCard.nullable() }) },
      },
    },
    async (request) => {
      const card = await services.payments.storedCard(requireUser(request).id);
      return { card: card ? toCardWire(card) : null };
    },
  );
  r.post(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Buy a bundle again with my stored card, without a checkout; answers the payment status at once',
        body: z.object({ package_id: z.number().int().positive() }),
        response: { 200: z.object({ payment_id: z.string(), status: z.enum(PAYMENT_STATUSES) }) },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = requireUser(request);
      const member = { userId: user.id, siteId: request.site.id, country: paymentCountry(services, request) };
      return services.checkout.repeat(member, request.body.package_id, paymentUrls(services, request));
    },
  );
  r.delete(
    '/api/repeat-order.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Forget my stored card',
        querystring: z.object({ card_id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      await services.payments.forgetCard(requireUser(request).id, request.query.card_id);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/directdebit.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Whether I may pay by direct debit (blocked, limit reached) and whether my country offers it',
        response: {
          200: z.object({ status: z.enum(['ok', 'blocked', 'limit', 'not_offered']), country: z.string() }),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const country = paymentCountry(services, request);
      const offered = (await services.payments.offer(request.site.id, country)).methods.includes('directdebit');
      return { status: offered ? await services.directDebit.status(user.id) : ('not_offered' as const), country };
    },
  );
  r.post(
    '/api/directdebit.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'Direct debit mandate for a bundle (spec §3 Direct debit); sends the SMS code to confirm it',
        body: z.object({
          package_id: z.number().int().positive(),
          account_holder: zText().max(200),
          iban: zText().max(64),
          street: zText().max(200),
          house_number: zText().max(40),
          zip: zText().max(40),
          city: zText().max(200),
          phone: zText().max(40),
          consent: z.boolean(),
        }),
        response: {
          200: z.object({
            request_id: z.string(),
            phone_hint: z.string(),
            expires_in: z.number().int(),
            tries: z.number().int(),
          }),
        },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = requireUser(request);
      const country = paymentCountry(services, request);
      const form = parseOrThrow(makeDirectDebitSchema(country), request.body);
      return services.directDebit.request(
        { userId: user.id, siteId: request.site.id, siteName: request.site.name, country, locale: request.locale },
        form,
      );
    },
  );
  r.post(
    '/api/directdebit-confirm.php',
    {
      schema: {
        tags: ['payments'],
        summary: "The SMS code of a direct debit ('Code invalid'; 5 tries, 10 minutes); starts the payment",
        body: z.object({ request_id: zText().max(64), otp: zText().max(20) }),
        response: { 200: z.object({ payment_id: z.string() }) },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      const user = requireUser(request);
      const input = parseOrThrow(ZDirectDebitConfirm, request.body);
      const country = paymentCountry(services, request);
      return services.directDebit.confirm(
        { userId: user.id, siteId: request.site.id, siteName: request.site.name, country, locale: request.locale },
        input,
        paymentUrls(services, request),
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
        querystring: z.object({ code: zText().trim().max(40).optional(), welcome: z.stringbool().optional() }),
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
    '/api/timebonus.php',
    {
      schema: {
        tags: ['payments'],
        summary: 'My time bonus (spec §4): the welcome discount with its countdown, or null (visitors, paid, ended)',
        response: {
          200: z.object({
            time_bonus: z
              .object({ seconds_left: z.number().int(), ends_at: z.string(), percentage: z.number().int() })
              .nullable(),
          }),
        },
      },
    },
    async (request) => ({
      time_bonus: request.user ? await services.discounts.timeBonus(request.user.id) : null,
    }),
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
