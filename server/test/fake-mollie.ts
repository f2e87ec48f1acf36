import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

/** A payment as the fake Mollie keeps it (the fields of Mollie's v2 payment resource that we use). */
export interface TFakeMolliePayment {
  resource: 'payment';
  id: string;
  mode: 'test';
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: { value: string; currency: string };
  description: string;
  method: string | null;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  customerId?: string;
  mandateId?: string;
  metadata: unknown;
  redirectUrl?: string;
  webhookUrl?: string;
  details?: Record<string, unknown>;
  createdAt: string;
  _links: { self: { href: string; type: string }; checkout?: { href: string; type: string } };
}

export interface TFakeMollieRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey?: string;
}

/**
 * A local stand-in for Mollie's v2 HTTPS API (customers, payments, customer mandates, payment refunds), enough to
 * test our adapter through Mollie's official client: bearer authentication, idempotency keys, JSON errors in
 * Mollie's shape. Tests move payments on with `complete` (what the member or the bank does at Mollie) and read
 * what was sent in `requests`.
 */
export async function startFakeMollie(apiKey: string) {
  const payments = new Map<string, TFakeMolliePayment>();
  const customers = new Map<string, { id: string; mandates: Map<string, Record<string, unknown>> }>();
  const refunds: Record<string, unknown>[] = [];
  const requests: TFakeMollieRequest[] = [];
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  /** The card the next paid card payment was made with. */
  let nextCard = { cardLabel: 'Visa', cardNumber: '4242' };
  /** What happens to the next request: handled but the answer lost (a timeout), or refused before anything. */
  let nextFailure: 'drop' | 'refuse' | null = null;
  const id = (prefix: string) => `${prefix}_${randomBytes(5).toString('hex')}`;

  const error = (status: number, title: string, detail: string) => ({
    status,
    body: { status, title, detail, _links: { documentation: { href: 'https://docs.mollie.com/', type: 'text/html' } } },
  });

  function route(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v2/customers') {
      const customer = { id: id('cst'), mandates: new Map() };
      customers.set(customer.id, customer);
      return { status: 201, body: { resource: 'customer', id: customer.id, mode: 'test', name: body.name } };
    }
    if (method === 'POST' && path === '/v2/payments') {
      const amount = body.amount as { value: string; currency: string } | undefined;
      if (!amount || !/^\d+\.\d{2}$/.test(amount.value)) {
        return error(422, 'Unprocessable Entity', 'The amount is invalid');
      }
      const sequenceType = (body.sequenceType as TFakeMolliePayment['sequenceType']) ?? 'oneoff';
      const customerId = body.customerId as string | undefined;
      if (sequenceType !== 'oneoff' && (!customerId || !customers.has(customerId))) {
        return error(422, 'Unprocessable Entity', 'A customer is required for this sequence type');
      }
      if (sequenceType === 'recurring') {
        const mandate = customers.get(customerId!)!.mandates.get(body.mandateId as string);
        if (!mandate) return error(422, 'Unprocessable Entity', 'The mandate is invalid');
      } else if (!body.redirectUrl) {
        return error(422, 'Unprocessable Entity', 'The redirect URL is missing');
      }
      const payment: TFakeMolliePayment = {
        resource: 'payment',
        id: id('tr'),
        mode: 'test',
        // Recurring charges start pending (the card network or the bank decides later), the rest open.
        status: sequenceType === 'recurring' ? 'pending' : 'open',
        amount,
        description: String(body.description),
        method: (body.method as string) ?? null,
        sequenceType,
        customerId,
        mandateId: body.mandateId as string | undefined,
        metadata: body.metadata ?? null,
        redirectUrl: body.redirectUrl as string | undefined,
        webhookUrl: body.webhookUrl as string | undefined,
        createdAt: new Date().toISOString(),
        _links: { self: { href: '', type: 'application/hal+json' } },
      };
      payment._links.self.href = `${baseUrl}/v2/payments/${payment.id}`;
      if (sequenceType !== 'recurring') {
        payment._links.checkout = {
          href: `https://www.mollie.com/checkout/select-method/${payment.id}`,
          type: 'text/html',
        };
      }
      payments.set(payment.id, payment);
      return { status: 201, body: payment };
    }
    if (method === 'GET' && (match = /^\/v2\/payments\/([\w]+)$/.exec(path))) {
      const payment = payments.get(match[1]);
      return payment ? { status: 200, body: payment } : error(404, 'Not Found', 'No payment exists with this token.');
    }
    if (method === 'POST' && (match = /^\/v2\/customers\/(\w+)\/mandates$/.exec(path))) {
      const customer = customers.get(match[1]);
      if (!customer) return error(404, 'Not Found', 'No customer exists with this token.');
      if (body.method !== 'directdebit' || !body.consumerName || !body.consumerAccount) {
        return error(422, 'Unprocessable Entity', 'The mandate is incomplete');
      }
      const mandate = {
        resource: 'mandate',
        id: id('mdt'),
        mode: 'test',
        status: 'valid',
        method: 'directdebit',
        details: { consumerName: body.consumerName, consumerAccount: body.consumerAccount, consumerBic: null },
        mandateReference: body.mandateReference ?? null,
        signatureDate: body.signatureDate ?? null,
        createdAt: new Date().toISOString(),
        _links: { self: { href: '', type: 'application/hal+json' } },
      };
      customer.mandates.set(mandate.id, mandate);
      return { status: 201, body: mandate };
    }
    if (method === 'DELETE' && (match = /^\/v2\/customers\/(\w+)\/mandates\/(\w+)$/.exec(path))) {
      const deleted = customers.get(match[1])?.mandates.delete(match[2]);
      return deleted ? { status: 204, body: null } : error(404, 'Not Found', 'No mandate exists with this token.');
    }
    if (method === 'POST' && (match = /^\/v2\/payments\/(\w+)\/refunds$/.exec(path))) {
      const payment = payments.get(match[1]);
      if (!payment) return error(404, 'Not Found', 'No payment exists with this token.');
      if (payment.status !== 'paid') return error(422, 'Unprocessable Entity', 'The payment cannot be refunded');
      const refund = {
        resource: 'refund',
        id: id('re'),
        mode: 'test',
        paymentId: payment.id,
        amount: body.amount,
        description: body.description,
        status: 'pending',
        createdAt: new Date().toISOString(),
        _links: { self: { href: '', type: 'application/hal+json' } },
      };
      refunds.push(refund);
      return { status: 201, body: refund };
    }
    return error(404, 'Not Found', `No route ${method} ${path}`);
  }

  // Mollie's client only speaks HTTPS (and trusts only its own CA bundle, so the test turns verification off).
  const fixtures = new URL('./fixtures/', import.meta.url);
  const tls = {
    key: fs.readFileSync(new URL('fake-mollie.key', fixtures)),
    cert: fs.readFileSync(new URL('fake-mollie.crt', fixtures)),
  };
  const server = https.createServer(tls, (req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const send = ({ status, body }: { status: number; body: unknown }) => {
        res.writeHead(status, { 'content-type': 'application/hal+json' });
        res.end(status === 204 ? undefined : JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return send(error(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate'));
      }
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method: req.method ?? 'GET', path, body, idempotencyKey });
      // Mollie answers a repeated idempotency key with the first answer, creating nothing new.
      const key = idempotencyKey && `${req.method} ${path} ${idempotencyKey}`;
      if (key && byIdempotencyKey.has(key)) return send(byIdempotencyKey.get(key)!);
      if (nextFailure === 'refuse') {
        nextFailure = null;
        return send(error(422, 'Unprocessable Entity', 'The payment method is not enabled in your website profile'));
      }
      const answer = route(req.method ?? 'GET', path, body);
      if (key && answer.status < 300) byIdempotencyKey.set(key, answer);
      if (nextFailure === 'drop') {
        nextFailure = null;
        return req.socket.destroy();
      }
      send(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The official client verifies TLS against its bundled CA list only; the fake's certificate is self-signed.
  const previousTlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  const baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** What to give the adapter as MOLLIE_API_ENDPOINT. */
    apiEndpoint: `${baseUrl}/v2/`,
    payments,
    customers,
    refunds,
    requests,
    /** The next request is carried out but its answer never arrives (drop), or is refused with a 422 (refuse). */
    failNext(kind: 'drop' | 'refuse') {
      nextFailure = kind;
    },
    /** The card the next paid first payment keeps. */
    useCard(card: { cardLabel: string; cardNumber: string }) {
      nextCard = card;
    },
    /** What happens at Mollie: the member pays or gives up, the bank collects or declines. */
    complete(paymentId: string, status: TFakeMolliePayment['status']) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`No fake payment ${paymentId}`);
      payment.status = status;
      if (payment.method === 'creditcard' && status === 'paid') {
        payment.details = { ...nextCard, cardHolder: 'T. Tester', cardSecurity: 'normal' };
      }
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId) {
        const mandate = { resource: 'mandate', id: id('mdt'), method: payment.method, status: 'valid' };
        customers.get(payment.customerId)!.mandates.set(mandate.id, mandate);
        payment.mandateId = mandate.id;
      }
      return payment;
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (previousTlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
        else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTlsSetting;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TFakeMollie = Awaited<ReturnType<typeof startFakeMollie>>;
