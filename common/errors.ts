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
  'offline',
] as const;

export type TErrorCode = (typeof ERROR_CODES)[number];

/** The JSON body of every error answer. */
export interface TErrorBody {
  error: TErrorCode | string;
  message: string;
  data?: unknown;
}
