/** Stable snake_case error codes shared by server and web; the web maps each to `errors.<code>`. */
export const ERROR_CODES = [
  'error_occurred',
  'invalid_request',
  'not_found',
  'page_not_found',
  'authentication_required',
  'forbidden',
  'rate_limited',
  'origin_rejected',
  'service_unavailable',
  'site_not_configured',
  'offline',
  'signups_closed',
  'invite_only',
  'email_exists',
  'account_pending_deletion',
  'login_failed',
  'login_blocked',
  'activation_failed',
  'link_invalid',
  'email_not_confirmed',
  'too_many_reset_emails',
  'email_not_found',
  'old_password_wrong',
  'email_taken',
  'new_email_invalid',
  'date_of_birth_invalid',
  'location_not_found',
  'photo_unsupported_type',
  'photo_too_large',
  'photo_too_small',
  'photo_limit_reached',
  'photo_not_found',
  'profile_not_found',
  'premium_required',
  'not_enough_credits',
  'conversation_not_found',
  'package_not_found',
  'payment_not_found',
  'discount_not_found',
  'discount_used',
  'refund_not_possible',
  'no_stored_card',
  'direct_debit_blocked',
  'direct_debit_limit',
  'code_invalid',
  'code_expired',
  'code_attempts_exceeded',
  'idempotency_key_reused',
  'data_export_pending',
  'too_many_data_exports',
  'daily_limit_reached',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface TErrorBody {
  error: TErrorCode | string;
  message: string;
  data?: unknown;
}
