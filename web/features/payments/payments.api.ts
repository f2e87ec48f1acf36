import {
  paymentsApi,
  type TDirectDebitConfirmed,
  type TDirectDebitRequest,
  type TDirectDebitSent,
  type TDiscount,
  type TPayment,
  type TPaymentStarted,
  type TPaymentStartRequest,
  type TRepeatOrderResponse,
  type TTimeBonusResponse,
} from '#common/wire/payments.ts';
import { api } from '#web/lib/api.ts';

/** Starts buying a bundle and resolves with the provider checkout to send the member to. */
export function startPayment(body: TPaymentStartRequest): Promise<TPaymentStarted> {
  return api.call(paymentsApi.start, body);
}

/** One of the member's payments, brought up to date with the provider while not final. */
export async function fetchPayment(paymentId: string, options: { progress?: boolean } = {}): Promise<TPayment> {
  const answer = await api.call(paymentsApi.payments, { payment_id: paymentId }, options);
  // With a payment id the endpoint answers that one payment; the list is its answer without one.
  if (Array.isArray(answer)) throw new Error('expected one payment');
  return answer;
}

/** Buys a bundle again with the stored card, without a checkout; resolves with the payment status. */
export function repeatOrder(packageId: number): Promise<TRepeatOrderResponse> {
  return api.call(paymentsApi.repeatOrder, { package_id: packageId });
}

/** Forgets the member's stored card. */
export function forgetCard(cardId: number): Promise<{ ok: true }> {
  return api.call(paymentsApi.forgetCard, { card_id: cardId });
}

/** Asks for a direct debit mandate; the server sends the SMS code to confirm it. */
export function requestDirectDebit(body: TDirectDebitRequest): Promise<TDirectDebitSent> {
  return api.call(paymentsApi.requestDirectDebit, body);
}

/** Confirms a direct debit with its SMS code and resolves with the started payment. */
export function confirmDirectDebit(requestId: string, otp: string): Promise<TDirectDebitConfirmed> {
  return api.call(paymentsApi.confirmDirectDebit, { request_id: requestId, otp });
}

/** A discount code the member may use (rejects with `discount_not_found` / `discount_used`). */
export function fetchDiscount(code: string): Promise<TDiscount> {
  return api.call(paymentsApi.discount, { code });
}

/** The member's welcome discount (rejects when there is none); quiet, without the progress bar. */
export function fetchWelcomeDiscount(): Promise<TDiscount> {
  return api.call(paymentsApi.discount, { welcome: 'true' }, { progress: false });
}

/** The member's time bonus with its countdown, or null; quiet, without the progress bar. */
export function fetchTimeBonus(): Promise<TTimeBonusResponse> {
  return api.call(paymentsApi.timeBonus, undefined, { progress: false });
}
