import { and, desc, eq } from 'drizzle-orm';
import { paymentsApi, type TDirectDebitRequest, type TPayment } from '#common/wire/payments.ts';
import { creditLedger, mailbox, payments, users } from '../db/schema/index.ts';
import { asMember } from './member-client.ts';
import type { TTestApp } from './test-app.ts';

export type TCookie = Record<string, string>;

/**
 * What payment tests keep asking: API calls as a member of a country, the provider's webhook, the account (credits,
 * premium, ledger sum), a payment row, the bundles, the newest SMS code. `app` is read on each call, so a test can
 * build its app in beforeAll.
 */
export function paymentKit(app: () => TTestApp, country: string) {
  const db = () => app().services.database.db;
  const kit = {
    /** The endpoint client as a member who chose the kit's country (`country` cookie beside the session). */
    member: (cookie: TCookie) => asMember(app().app, { ...cookie, country }),
    /** The provider's call: a form with the payment id (or JSON, as some services send). */
    webhook: (id: string, form = true) =>
      app().app.inject({
        method: 'POST',
        url: '/webhooks/payment',
        ...(form
          ? {
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: `id=${encodeURIComponent(id)}`,
            }
          : { payload: { id } }),
      }),
    async account(userId: number) {
      const [row] = await db().select().from(users).where(eq(users.id, userId));
      const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, userId));
      return { credits: row.credits, paid: row.paidUser, ledger: ledger.reduce((sum, l) => sum + l.delta, 0) };
    },
    paymentRow: async (id: string) => (await db().select().from(payments).where(eq(payments.id, id)))[0],
    bundles: async (cookie: TCookie) => (await kit.member(cookie).call(paymentsApi.offer)).body.packages,
    /** The code of the newest text message to a number (dev mailbox). */
    async smsCode(phone: string) {
      const [sms] = await db()
        .select()
        .from(mailbox)
        .where(and(eq(mailbox.to, phone), eq(mailbox.kind, 'sms')))
        .orderBy(desc(mailbox.id))
        .limit(1);
      return /\b(\d{6})\b/.exec(sms.text)![1];
    },
  };
  return kit;
}

/** A valid Dutch direct debit form (the IBAN typed as people do: lower case, with spaces). */
export const DIRECT_DEBIT_FORM: Omit<TDirectDebitRequest, 'package_id'> = {
  account_holder: 'Jan Jansen',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Damrak',
  house_number: '1',
  zip: '1012 JS',
  city: 'Amsterdam',
  phone: '06 12345678',
  consent: true,
};

/** The one payment of a `paymentsApi.payments` answer asked with a `payment_id` (an error body passes through). */
export function onePayment(body: TPayment | TPayment[]): TPayment {
  if (Array.isArray(body)) throw new Error('expected one payment, got the list');
  return body;
}

/** The member's payments, newest first, from a `paymentsApi.payments` answer asked without a `payment_id`. */
export function paymentList(body: TPayment | TPayment[]): TPayment[] {
  if (!Array.isArray(body)) throw new Error('expected the list of payments, got one');
  return body;
}
