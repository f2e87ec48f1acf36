import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DIRECT_DEBIT_CODES_PER_HOUR, DIRECT_DEBIT_LIMIT_WINDOW_DAYS } from '#common/constants.ts';
import {
  DIRECT_DEBIT_CODE_LENGTH,
  DIRECT_DEBIT_CODE_TRIES,
  DIRECT_DEBIT_CODE_TTL_S,
  DIRECT_DEBIT_MAX_PENDING,
  DIRECT_DEBIT_MAX_PER_30_DAYS,
  type TDirectDebitInput,
} from '#common/direct-debit.ts';
import { paymentMethodsFor } from '#common/payments.ts';
import type { TCore } from '#server/core.ts';
import type { TTx } from '#server/db/connect.ts';
import type { TDirectDebitDetails } from '#server/db/schema/index.ts';
import { AppError } from '#server/lib/app-error.ts';
import { serverT } from '#server/lib/i18n.ts';
import type { TCheckoutService, TPaymentUrls } from './checkout.service.ts';
import {
  countCodeRequests,
  insertDirectDebitRequest,
  lockDirectDebitBlocked,
  lockDirectDebitRequest,
  setRequestAttempts,
  setRequestPayment,
} from './direct-debit.repository.ts';
import { insertMandate } from './mandates.repository.ts';
import { countDirectDebits, failOpenPayment, setPaymentMandate } from './payments.repository.ts';
import type { TPaymentProvider } from './provider.ts';
import type { TSmsSender } from './sms.ts';
import { DAY_MS } from '#common/time.ts';
import { subHours } from 'date-fns';

const hashCode = (requestId: string, code: string) => createHash('sha256').update(`${requestId}:${code}`).digest();

/** Shown on the form so the member knows where the code went: "+31 •••• •• 78". */
export function phoneHint(e164: string): string {
  return `${e164.slice(0, 3)} •••• •• ${e164.slice(-2)}`;
}

type TMember = { userId: number; siteId: number; siteName: string; country: string; locale: string };

/**
 * SEPA direct debit (spec §2 directdebit, §3 Direct debit): the member fills in the mandate, confirms it with a code
 * sent by SMS (spec §9 'Code invalid'; at most 5 tries within 10 minutes), and then the mandate is registered at
 * the payment provider and the bundle is charged through it. The credits come when the bank collected the money;
 * a debit that comes back unpaid blocks the member for direct debit (payment-webhook.service.ts).
 */
export function createDirectDebitService(
  core: TCore,
  deps: {
    provider: TPaymentProvider;
    checkout: Pick<TCheckoutService, 'customerOf' | 'findPackage' | 'insertRecurring' | 'submit'>;
    sms: TSmsSender;
  },
) {
  const { db, now, log } = core;
  const { provider, checkout, sms } = deps;
  const { customerOf, findPackage, insertRecurring, submit } = checkout;

  /** Blocked members and the limits of common/direct-debit.ts; `tx` locks the member so checks and insert agree. */
  async function assertAllowed(tx: TTx, userId: number) {
    if (await lockDirectDebitBlocked(tx, userId)) throw new AppError('direct_debit_blocked');
    const since = new Date(now().getTime() - DIRECT_DEBIT_LIMIT_WINDOW_DAYS * DAY_MS);
    const counts = await countDirectDebits(tx, userId, since);
    if (counts.pending >= DIRECT_DEBIT_MAX_PENDING || counts.recent >= DIRECT_DEBIT_MAX_PER_30_DAYS) {
      throw new AppError('direct_debit_limit');
    }
  }

  return {
    /** Whether the member may pay by direct debit now (the page explains why not before the form is filled in). */
    async status(userId: number): Promise<'ok' | 'blocked' | 'limit'> {
      try {
        await db.transaction((tx) => assertAllowed(tx, userId));
        return 'ok';
      } catch (error) {
        if (error instanceof AppError && error.code === 'direct_debit_blocked') return 'blocked';
        if (error instanceof AppError && error.code === 'direct_debit_limit') return 'limit';
        throw error;
      }
    },
    /** Checks the form's mandate and sends the SMS code; answers the request to confirm. */
    async request(member: TMember, form: TDirectDebitInput) {
      if (!paymentMethodsFor(member.country).includes('directdebit')) throw new AppError('invalid_request');
      const pack = await findPackage(member, form.package_id);
      const code = String(randomInt(0, 10 ** DIRECT_DEBIT_CODE_LENGTH)).padStart(DIRECT_DEBIT_CODE_LENGTH, '0');
      const details: TDirectDebitDetails = {
        accountHolder: form.account_holder,
        iban: form.iban,
        street: form.street,
        houseNumber: form.house_number,
        zip: form.zip,
        city: form.city,
        phone: form.phone,
        reference: '',
      };
      const request = await db.transaction(async (tx) => {
        await assertAllowed(tx, member.userId);
        const sent = await countCodeRequests(tx, member.userId, subHours(now(), 1));
        if (sent >= DIRECT_DEBIT_CODES_PER_HOUR) throw new AppError('rate_limited');
        // The id is ours (not the database default) so the code's hash, salted with it, goes in with the row.
        const id = randomUUID();
        return insertDirectDebitRequest(tx, {
          id,
          userId: member.userId,
          packageId: pack.id,
          details,
          codeHash: hashCode(id, code).toString('hex'),
          expiresAt: new Date(now().getTime() + DIRECT_DEBIT_CODE_TTL_S * 1000),
          createdAt: now(),
        });
      });
      const t = serverT(member.locale);
      await sms.send({
        siteId: member.siteId,
        to: form.phone,
        text: t('directdebit.sms_text', { code, site: member.siteName, minutes: DIRECT_DEBIT_CODE_TTL_S / 60 }),
      });
      return {
        request_id: request.id,
        phone_hint: phoneHint(form.phone),
        expires_in: DIRECT_DEBIT_CODE_TTL_S,
        tries: DIRECT_DEBIT_CODE_TRIES,
      };
    },
    /**
     * Checks the SMS code. A wrong code counts a try (kept even though the answer is an error); the right one
     * starts the payment once, also when the form is sent twice: the request then answers the same payment.
     */
    async confirm(member: TMember, input: { request_id: string; otp: string }, urls: TPaymentUrls) {
      const outcome = await db.transaction(async (tx) => {
        const request = await lockDirectDebitRequest(tx, member.userId, input.request_id);
        if (!request) throw new AppError('not_found');
        if (request.paymentId) return { kind: 'existing' as const, paymentId: request.paymentId };
        if (request.expiresAt.getTime() < now().getTime()) throw new AppError('code_expired');
        if (request.attempts >= DIRECT_DEBIT_CODE_TRIES) throw new AppError('code_attempts_exceeded');
        const right = timingSafeEqual(hashCode(request.id, input.otp.trim()), Buffer.from(request.codeHash, 'hex'));
        if (!right) {
          // The try counts although the answer is an error: it is committed, not rolled back with a throw.
          const attempts = request.attempts + 1;
          await setRequestAttempts(tx, request.id, attempts);
          return { kind: 'wrong' as const, triesLeft: DIRECT_DEBIT_CODE_TRIES - attempts };
        }
        await assertAllowed(tx, member.userId);
        const pack = await findPackage(member, request.packageId, tx);
        const payment = await insertRecurring(tx, { userId: member.userId, pack, method: 'directdebit' });
        await setRequestPayment(tx, request.id, payment.id);
        return { kind: 'new' as const, payment, details: request.details };
      });
      if (outcome.kind === 'wrong') throw new AppError('code_invalid', { tries_left: outcome.triesLeft });
      if (outcome.kind === 'existing') return { payment_id: outcome.paymentId };
      const { payment, details } = outcome;
      try {
        const customerId = await customerOf(member.userId);
        const reference = `AMR-${payment.id.slice(0, 8).toUpperCase()}`;
        const mandate = await provider.createMandate({
          customerId,
          accountHolder: details.accountHolder,
          iban: details.iban,
          reference,
          signedAt: now(),
        });
        // The same mandate reported twice is kept once (then it is not linked again).
        const stored = await insertMandate(db, {
          userId: member.userId,
          provider: provider.name,
          customerId: mandate.customerId,
          providerMandateId: mandate.id,
          method: mandate.method,
          label: mandate.label,
          details: { ...details, reference },
        });
        await setPaymentMandate(db, payment.id, stored?.id ?? null);
        await submit(payment, { sequence: 'recurring', customerId, mandateId: mandate.id }, urls);
      } catch (error) {
        // The provider refused or was unreachable before the charge: the payment ends failed (not the member's
        // fault: no block), and the member hears that the service is unavailable, as for any checkout.
        await failOpenPayment(db, payment.id, now());
        if (error instanceof AppError) throw error;
        log.error({ paymentId: payment.id, err: error }, 'direct debit mandate failed');
        throw new AppError('service_unavailable');
      }
      return { payment_id: payment.id };
    },
  };
}

export type TDirectDebitService = ReturnType<typeof createDirectDebitService>;
