import { randomBytes } from 'node:crypto';
import type { TPaymentStatus } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import {
  ibanLabel,
  type TCreateMandate,
  type TCreatePayment,
  type TPaymentProvider,
  type TProviderMandate,
  type TProviderPayment,
} from './provider.ts';
import {
  chargeBackSandboxPayment,
  deleteSandboxMandate,
  findSandboxMandate,
  findSandboxPayment,
  insertSandboxMandate,
  insertSandboxPayment,
  setSandboxPaymentStatus,
  type TSandboxMandateRow,
  type TSandboxPaymentRow,
} from './sandbox.repository.ts';

/** What the member chooses on the sandbox checkout page. */
export const SANDBOX_OUTCOMES = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type TSandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/**
 * Test cards the checkout offers when the member agrees to keep the card (like a PSP's test mode): one whose later
 * charges succeed, one whose later charges are declined (to try 'Credit card payment failed').
 */
export const SANDBOX_CARDS = {
  visa: { label: 'Visa •••• 4242', declines: false },
  mastercard: { label: 'Mastercard •••• 0341', declines: true },
} as const;
export type TSandboxCard = keyof typeof SANDBOX_CARDS;

/** How long the sandbox takes to collect a SEPA direct debit (a bank takes days; a demo should not). */
export const SANDBOX_DIRECT_DEBIT_MS = 5_000;

const FINAL = ['paid', 'failed', 'cancelled', 'expired'];
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/**
 * The default payment provider: it plays a payment service on our own server, so every flow works offline. Its
 * records live in `sandbox_payments` and `sandbox_mandates`; its hosted checkout page (sandbox.routes.ts) lets the
 * member pay, fail, cancel or leave the payment pending, and then reports to our webhook like a real service would.
 * Recurring charges need no member: a stored test card is charged at once (or declined), a direct debit is
 * collected SANDBOX_DIRECT_DEBIT_MS later.
 */
export function createSandboxProvider(core: Pick<TCore, 'db' | 'now'>) {
  const { db, now } = core;
  /** Reports a change to the webhook in the background, as a real service does. */
  const notify = (webhookUrl: string, id: string) =>
    fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ id }),
    }).then(
      () => undefined,
      () => undefined,
    );

  async function findMandate(id: string | null) {
    if (!id) return undefined;
    return findSandboxMandate(db, id);
  }
  const toMandate = (m: TSandboxMandateRow): TProviderMandate => ({
    id: m.id,
    customerId: m.customerId,
    method: m.method as TProviderMandate['method'],
    label: m.label,
  });

  const provider: TPaymentProvider & {
    find(id: string): Promise<TSandboxPaymentRow | undefined>;
    settle(id: string, outcome: TSandboxOutcome, card?: TSandboxCard): Promise<TSandboxPaymentRow | undefined>;
    notify: typeof notify;
    chargeBack(id: string): Promise<void>;
  } = {
    name: 'sandbox',
    notify,
    async createCustomer() {
      return newId('sbxcus');
    },
    async createPayment(input: TCreatePayment) {
      const id = newId('sbx');
      const row = {
        id,
        amountMinor: input.amountMinor,
        currency: input.currency,
        method: input.method,
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        sequence: input.sequence,
        reference: input.reference,
        customerId: input.customerId ?? null,
        // The same clock as the collection delay below (getPayment), not the database's.
        createdAt: now(),
      };
      if (input.sequence !== 'recurring') {
        await insertSandboxPayment(db, row);
        return { id, checkoutUrl: `/sandbox/checkout/${id}` };
      }
      const mandate = await findMandate(input.mandateId ?? null);
      if (!mandate || mandate.customerId !== input.customerId) throw new Error('sandbox: unknown mandate');
      // A card is charged at once; a direct debit is collected later (see getPayment).
      const status = mandate.method === 'directdebit' ? 'pending' : mandate.declines ? 'failed' : 'paid';
      await insertSandboxPayment(db, { ...row, mandateId: mandate.id, status });
      if (status === 'pending') {
        setTimeout(() => void notify(input.webhookUrl, id), SANDBOX_DIRECT_DEBIT_MS + 100).unref();
      } else {
        void notify(input.webhookUrl, id);
      }
      return { id, checkoutUrl: null };
    },
    async getPayment(id: string): Promise<TProviderPayment | null> {
      let row = await provider.find(id);
      if (!row) return null;
      if (
        row.status === 'pending' &&
        row.method === 'directdebit' &&
        row.sequence === 'recurring' &&
        now().getTime() - row.createdAt.getTime() >= SANDBOX_DIRECT_DEBIT_MS
      ) {
        // The bank collected the direct debit.
        row = (await setSandboxPaymentStatus(db, { id, status: 'paid', now: now() }))!;
      }
      const mandate = row.sequence === 'first' && row.status === 'paid' ? await findMandate(row.mandateId) : undefined;
      return {
        id: row.id,
        status: row.status as TPaymentStatus,
        amountMinor: row.amountMinor,
        currency: row.currency,
        mandate: mandate ? toMandate(mandate) : null,
        chargedBack: row.chargedBack,
        reference: row.reference,
      };
    },
    async createMandate(input: TCreateMandate) {
      const row = await insertSandboxMandate(db, {
        id: newId('sbxmdt'),
        customerId: input.customerId,
        method: 'directdebit',
        label: ibanLabel(input.iban),
      });
      return toMandate(row);
    },
    async revokeMandate({ mandateId }: { customerId: string; mandateId: string }) {
      await deleteSandboxMandate(db, mandateId);
    },
    async refund() {
      // The sandbox holds no money: nothing to send back.
    },
    /** The payer's bank takes a paid payment back (tests; a real service reports it on its own). */
    async chargeBack(id: string) {
      await chargeBackSandboxPayment(db, id, now());
    },
    async find(id: string) {
      return findSandboxPayment(db, id);
    },
    /**
     * Records the member's choice on the checkout page; a final status never changes again. A paid first payment
     * keeps the chosen test card as a mandate.
     */
    async settle(id: string, outcome: TSandboxOutcome, card: TSandboxCard = 'visa') {
      const row = await provider.find(id);
      if (!row || FINAL.includes(row.status)) return row;
      let mandateId: string | null = null;
      if (outcome === 'paid' && row.sequence === 'first' && row.customerId) {
        const mandate = await insertSandboxMandate(db, {
          id: newId('sbxmdt'),
          customerId: row.customerId,
          method: 'creditcard',
          ...SANDBOX_CARDS[card],
        });
        mandateId = mandate.id;
      }
      return setSandboxPaymentStatus(db, { id, status: outcome, mandateId, now: now() });
    },
  };
  return provider;
}

export type TSandboxProvider = ReturnType<typeof createSandboxProvider>;
