import type {
  TDirectDebitConfirmed,
  TDirectDebitRequest,
  TDirectDebitSent,
  TDiscount,
  TPayment,
  TPaymentStarted,
  TPaymentStartRequest,
  TRepeatOrderResponse,
  TTimeBonusResponse,
} from '../../../common/wire/payments.ts';
import { api } from '../../lib/api.ts';

/** Starts buying a bundle and resolves with the provider checkout to send the member to. */
export function startPayment(body: TPaymentStartRequest): Promise<TPaymentStarted> {
  return api.post<TPaymentStarted>('/api/payment.php', body);
}

/** One of the member's payments, brought up to date with the provider while not final. */
export function fetchPayment(paymentId: string, options: { progress?: boolean } = {}): Promise<TPayment> {
  return api.get<TPayment>('/api/payment.php', { query: { payment_id: paymentId }, ...options });
}

/** Buys a bundle again with the stored card, without a checkout; resolves with the payment status. */
export function repeatOrder(packageId: number): Promise<TRepeatOrderResponse> {
  return api.post<TRepeatOrderResponse>('/api/repeat-order.php', { package_id: packageId });
}

/** Forgets the member's stored card. */
export function forgetCard(cardId: number): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>('/api/repeat-order.php', { query: { card_id: cardId } });
}

/** Asks for a direct debit mandate; the server sends the SMS code to confirm it. */
export function requestDirectDebit(body: TDirectDebitRequest): Promise<TDirectDebitSent> {
  return api.post<TDirectDebitSent>('/api/directdebit.php', body);
}

/** Confirms a direct debit with its SMS code and resolves with the started payment. */
export function confirmDirectDebit(requestId: string, otp: string): Promise<TDirectDebitConfirmed> {
  return api.post<TDirectDebitConfirmed>('/api/directdebit-confirm.php', { request_id: requestId, otp });
}

/** A discount code the member may use (rejects with `discount_not_found` / `discount_used`). */
export function fetchDiscount(code: string): Promise<TDiscount> {
  return api.get<TDiscount>('/api/discountcode.php', { query: { code } });
}

/** The member's welcome discount (rejects when there is none); quiet, without the progress bar. */
export function fetchWelcomeDiscount(): Promise<TDiscount> {
  return api.get<TDiscount>('/api/discountcode.php', { query: { welcome: 'true' }, progress: false });
}

/** The member's time bonus with its countdown, or null; quiet, without the progress bar. */
export function fetchTimeBonus(): Promise<TTimeBonusResponse> {
  return api.get<TTimeBonusResponse>('/api/timebonus.php', { progress: false });
}
