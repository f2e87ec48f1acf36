import type { TErrorCode } from '#common/errors.ts';

const STATUS_BY_CODE: Partial<Record<TErrorCode, number>> = {
  invalid_request: 400,
  authentication_required: 403,
  forbidden: 403,
  origin_rejected: 403,
  not_found: 404,
  page_not_found: 404,
  rate_limited: 429,
  service_unavailable: 503,
  site_not_configured: 503,
  email_exists: 409,
  account_pending_deletion: 409,
  login_failed: 401,
  login_blocked: 429,
  account_banned: 403,
  account_suspended: 403,
  email_banned: 403,
  report_decided: 409,
  too_many_reset_emails: 429,
  email_not_confirmed: 403,
  signups_closed: 403,
  invite_only: 403,
  photo_unsupported_type: 415,
  photo_too_large: 413,
  photo_too_small: 422,
  photo_limit_reached: 409,
  photo_not_found: 404,
  profile_not_found: 404,
  premium_required: 403,
  not_enough_credits: 402,
  conversation_not_found: 404,
  package_not_found: 404,
  payment_not_found: 404,
  discount_not_found: 404,
  discount_used: 409,
  refund_not_possible: 409,
  no_stored_card: 404,
  direct_debit_blocked: 403,
  direct_debit_limit: 409,
  code_invalid: 400,
  code_expired: 410,
  code_attempts_exceeded: 429,
  idempotency_key_reused: 422,
  data_export_pending: 409,
  too_many_data_exports: 429,
  daily_limit_reached: 429,
  conversation_claimed: 409,
  lease_expired: 409,
};

/** An expected failure with a stable code; rendered as `{ error, message, data }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly data: unknown;
  /** Marker that survives bundling (page loaders see errors thrown by the host's module instance). */
  readonly isAppError = true;

  constructor(code: TErrorCode, data?: unknown, status?: number) {
    super(code);
    this.code = code;
    this.data = data;
    this.status = status ?? STATUS_BY_CODE[code] ?? 400;
  }
}
