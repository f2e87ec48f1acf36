import type { TErrorCode } from '../../common/errors.ts';

const STATUS_BY_CODE: Partial<Record<TErrorCode, number>> = {
  invalid_request: 400,
  authentication_required: 403,
  forbidden: 403,
  origin_rejected: 403,
  not_found: 404,
  page_not_found: 404,
  rate_limited: 429,
  service_unavailable: 503,
};

/** An expected failure with a stable code; rendered as `{ error, message, data }`. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly data: unknown;

  constructor(code: TErrorCode, data?: unknown, status?: number) {
    super(code);
    this.code = code;
    this.data = data;
    this.status = status ?? STATUS_BY_CODE[code] ?? 400;
  }
}
