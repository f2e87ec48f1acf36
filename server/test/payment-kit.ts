import { and, desc, eq } from 'drizzle-orm';
import { creditLedger, mailbox, payments, users } from '../db/schema/index.ts';
import { CLIENT } from './factories.ts';
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
    api: (cookie: TCookie, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      app().app.inject({
        method,
        url,
        headers: CLIENT,
        cookies: { ...cookie, country },
        ...(payload ? { payload } : {}),
      }),
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
    bundles: async (cookie: TCookie) =>
      (await kit.api(cookie, 'GET', '/api/packages.php')).json().packages as {
        id: number;
        credits: number;
        price: number;
      }[],
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
export const DIRECT_DEBIT_FORM = {
  account_holder: 'Jan Jansen',
  iban: 'nl91 abna 0417 1643 00',
  street: 'Damrak',
  house_number: '1',
  zip: '1012 JS',
  city: 'Amsterdam',
  phone: '06 12345678',
  consent: true,
};
