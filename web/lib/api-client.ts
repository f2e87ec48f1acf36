import { CLIENT_REQUEST_HEADER, CLIENT_REQUEST_VALUE, HTTP_RETRIES } from '#common/constants.ts';
import {
  endpointUrl,
  type THttpMethod,
  takesQuery,
  type TEndpoint,
  type TEndpointAnswer,
  type TEndpointInput,
} from '#common/endpoint.ts';
import type { TErrorBody } from '#common/errors.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { network } from './network.ts';
import { progress } from './progress.ts';

/** A failed API call with the server's stable code and a translated message. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: unknown;
  /** `status` 0 is a call that never got an answer (offline). */
  constructor({ code, message, status, data }: { code: string; message: string; status: number; data?: unknown }) {
    super(message);
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/** How an endpoint is called beyond its input: progress bar, abort signal, idempotency key. */
export interface TCallOptions {
  /** Makes a non-idempotent call safe to retry: the server charges or creates once per key. */
  idempotencyKey?: string;
  /** Show the progress bar for this call (default true). */
  progress?: boolean;
  signal?: AbortSignal;
}

/** One request as the client sends it: the endpoint's method, its address with the query, its JSON body. */
type TRequest = TCallOptions & { method: THttpMethod; body?: unknown };

/** The arguments after the endpoint: its input (required when it takes one), then the call's options. */
export type TCallArgs<E extends TEndpoint> =
  TEndpointInput<E> extends undefined
    ? [input?: undefined, options?: TCallOptions]
    : [input: TEndpointInput<E>, options?: TCallOptions];

export interface TApiClientOptions {
  fetch?: typeof fetch;
  /** Translates an error code (`errors.<code>`); the server's message is used when absent. */
  translate?: (code: string) => string | undefined;
  /** Called when a call other than the user endpoint answers 403 authentication_required (spec §8). */
  onAuthenticationRequired?: () => void;
  /** Navigates the window to an external location (spec §8). */
  navigateExternal?: (url: string) => void;
  sleep?: (ms: number) => Promise<void>;
  retries?: number;
  baseDelayMs?: number;
}

const IDEMPOTENT = new Set(['GET', 'PUT', 'DELETE']);
const USER_ENDPOINT = accountsApi.current.path;

/** A promise that never settles: a swallowed error stops the caller without an error surfacing. */
const never = <T>() => new Promise<T>(() => {});

/** A 429 or 503 whose `retry-after` is longer than this many seconds is not retried. */
const MAX_RETRY_WAIT_S = 60;

/** True for answers worth retrying: network failures, 408, 429 and 5xx. */
function isRetryable(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** Creates the one API client of the web app (spec §7/§8). */
export function createApiClient(options: TApiClientOptions = {}) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const retries = options.retries ?? HTTP_RETRIES;
  const baseDelay = options.baseDelayMs ?? 300;

  async function request<T>(path: string, req: TRequest): Promise<T> {
    const { method } = req;
    const url = new URL(path, 'http://x');
    const headers: Record<string, string> = {
      accept: 'application/json',
      [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_VALUE,
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
    const canRetry = IDEMPOTENT.has(method) || Boolean(req.idempotencyKey);
    const showProgress = req.progress !== false;

    if (showProgress) progress.start();
    let failed = true;
    try {
      for (let attempt = 0; ; attempt++) {
        let response: Response | undefined;
        try {
          response = await doFetch(url.pathname + url.search, {
            method,
            headers,
            body: req.body === undefined ? undefined : JSON.stringify(req.body),
            credentials: 'same-origin',
            signal: req.signal,
          });
          network.set(true);
        } catch (err) {
          if (req.signal?.aborted) throw err;
          network.set(false);
        }
        const status = response?.status ?? 0;
        if (response?.ok) {
          failed = false;
          if (status === 204) return undefined as T;
          const body = (await response.json()) as T & { redirect?: string };
          if (
            body &&
            typeof body === 'object' &&
            typeof body.redirect === 'string' &&
            /^https?:\/\//.test(body.redirect)
          ) {
            (options.navigateExternal ?? ((u: string) => window.location.assign(u)))(body.redirect);
          }
          return body;
        }
        // A limit that opens again only much later (a daily cap) is no transient failure: answer it at once.
        const waitS = Number(response?.headers.get('retry-after') ?? 0);
        if (canRetry && isRetryable(status) && attempt < retries && !(waitS > MAX_RETRY_WAIT_S)) {
          if (showProgress) progress.increment();
          await sleep(baseDelay * 2 ** attempt);
          continue;
        }
        if (!response) {
          throw new ApiError({ code: 'offline', message: options.translate?.('offline') ?? 'offline', status: 0 });
        }
        const body = (await response.json().catch(() => ({}))) as Partial<TErrorBody>;
        const code = body.error ?? 'error_occurred';
        if (status === 403 && code === 'authentication_required' && url.pathname !== USER_ENDPOINT) {
          options.onAuthenticationRequired?.();
          return never<T>();
        }
        const message = options.translate?.(code) ?? body.message ?? code;
        throw new ApiError({ code, message, status, data: body.data });
      }
    } finally {
      if (showProgress) (failed ? progress.fail : progress.finish)();
    }
  }

  /** Calls an endpoint with its body (or its query when it takes no body); resolves with its typed answer. */
  function call<E extends TEndpoint>(endpoint: E, ...[input, options]: TCallArgs<E>): Promise<TEndpointAnswer<E>> {
    const asQuery = takesQuery(endpoint);
    return request<TEndpointAnswer<E>>(endpointUrl(endpoint, asQuery ? input : undefined), {
      ...options,
      method: endpoint.method,
      body: asQuery ? undefined : input,
    });
  }

  return { call };
}

export type TApiClient = ReturnType<typeof createApiClient>;
