import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zText } from '#common/text.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';
import { acceptFormBodies } from '#server/lib/form-body.ts';
import { serverT } from '#server/lib/i18n.ts';
import type { TServices } from '#server/services.ts';
import { SANDBOX_CARDS, SANDBOX_OUTCOMES, type TSandboxCard } from './sandbox.provider.ts';

const ZId = z.object({ id: zText().regex(/^sbx_[0-9a-f]{24}$/) });

/**
 * The sandbox provider's hosted checkout (spec: the default provider's page, served by us): amount and method with
 * Pay, Fail, Cancel and Leave pending. The choice is recorded at the "provider", which then calls our webhook like a
 * real payment service and sends the member back to the transaction page.
 */
export async function sandboxRoutes(app: FastifyInstance, { services }: { services: Pick<TServices, 'sandbox'> }) {
  acceptFormBodies(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/sandbox/checkout/:id', { schema: { hide: true, params: ZId } }, async (request, reply) => {
    const t = serverT(request.locale);
    const payment = await services.sandbox.find(request.params.id);
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment)
      return reply.status(404).send(page(t('sandbox.title'), `<p>${escapeHtml(t('sandbox.not_found'))}</p>`));
    const amount = new Intl.NumberFormat(request.locale, { style: 'currency', currency: payment.currency }).format(
      payment.amountMinor / 100,
    );
    const buttons = [
      ['paid', 'sandbox.pay', 'primary'],
      ['failed', 'sandbox.fail', 'danger'],
      ['cancelled', 'sandbox.cancel', 'secondary'],
      ['pending', 'sandbox.pending', 'light'],
    ]
      .map(
        ([outcome, key, kind]) =>
          `<button type="submit" name="outcome" value="${outcome}" class="${kind}">${escapeHtml(t(key))}</button>`,
      )
      .join('');
    const body = `
      <p class="notice">${escapeHtml(t('sandbox.notice', { site: request.site.name }))}</p>
      <dl>
        <dt>${escapeHtml(t('sandbox.amount'))}</dt><dd class="amount">${escapeHtml(amount)}</dd>
        <dt>${escapeHtml(t('sandbox.method'))}</dt><dd>${escapeHtml(t(`payment_methods.${payment.method}`))}</dd>
        <dt>${escapeHtml(t('sandbox.description'))}</dt><dd>${escapeHtml(payment.description)}</dd>
      </dl>
      <form method="post" action="/sandbox/checkout/${payment.id}">${payment.sequence === 'first' ? cardChoice(t) : ''}${buttons}</form>`;
    return reply.send(page(t('sandbox.title'), body, request.locale));
  });

  r.post(
    '/sandbox/checkout/:id',
    {
      schema: {
        hide: true,
        params: ZId,
        body: z.object({
          outcome: z.enum(SANDBOX_OUTCOMES),
          card: z.enum(Object.keys(SANDBOX_CARDS) as [TSandboxCard, ...TSandboxCard[]]).optional(),
        }),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const payment = await services.sandbox.settle(request.params.id, request.body.outcome, request.body.card);
      if (!payment) return reply.status(404).send('');
      // Like a real service: report to the webhook in the background, then send the member back.
      void services.sandbox.notify(payment.webhookUrl, payment.id);
      return reply.redirect(payment.redirectUrl, 303);
    },
  );
}

/** The test cards of a payment that keeps the card: one whose later charges work, one whose are declined. */
function cardChoice(t: (key: string) => string): string {
  const options = Object.entries(SANDBOX_CARDS)
    .map(
      ([id, card], i) =>
        `<label class="card"><input type="radio" name="card" value="${id}"${i === 0 ? ' checked' : ''}> ${escapeHtml(card.label)} <small>${escapeHtml(t(card.declines ? 'sandbox.card_declines' : 'sandbox.card_works'))}</small></label>`,
    )
    .join('');
  return `<fieldset><legend>${escapeHtml(t('sandbox.test_card'))}</legend>${options}</fieldset>`;
}

/** A plain, self-contained page in the look of a payment service. */
function page(title: string, body: string, lang = 'en'): string {
  return `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,Arial,sans-serif;background:#eef1f5;margin:0;padding:24px;color:#1d2433}
main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:1.3rem;margin-top:0}.notice{background:#fff7d6;padding:8px 12px;border-radius:8px;font-size:.9rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px}dt{color:#5b6475}dd{margin:0;font-weight:600}
.amount{font-size:1.4rem}form{display:grid;gap:8px;margin-top:16px}
button{font:inherit;padding:12px;border-radius:8px;border:1px solid #c9ced8;cursor:pointer}
button:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
.primary{background:#1a5fd0;color:#fff;border-color:#1a5fd0}.danger{background:#b3261e;color:#fff;border-color:#b3261e}
.secondary{background:#fff}.light{background:#f4f6f9}
fieldset{border:1px solid #c9ced8;border-radius:8px;display:grid;gap:6px}.card small{color:#5b6475}
</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
