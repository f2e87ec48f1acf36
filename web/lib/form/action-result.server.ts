import { data } from 'react-router';

type TAppErrorLike = { isAppError: true; code: string; status: number; data?: unknown };

/** True for the service layer's expected failures (duck-typed: the host and the bundle hold separate classes). */
export function isAppError(err: unknown): err is TAppErrorLike {
  return typeof err === 'object' && err !== null && (err as { isAppError?: unknown }).isAppError === true;
}

/** The answer of a failed form action: the stable code and its data, with the HTTP status. */
export type TActionError = { error: { code: string; data: Record<string, unknown> } };

/** Runs a service call for a form action; an expected failure becomes a response carrying `{ error }`. */
export async function runAction<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; response: ReturnType<typeof data<TActionError>> }> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (!isAppError(err)) throw err;
    const payload = (err.data ?? {}) as Record<string, unknown>;
    return { ok: false, response: data({ error: { code: err.code, data: payload } }, { status: err.status }) };
  }
}
