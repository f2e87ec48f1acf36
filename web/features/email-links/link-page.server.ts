import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { readForm, type TInput } from '#web/lib/form/form-input.server.ts';
import { isAppError, runAction, type TActionError } from '#web/lib/form/action-result.server.ts';

/** Nobody keeps a copy of a page opened with a single-use link (some show an email address). */
export function linkPageHeaders() {
  return { 'Cache-Control': 'no-store' };
}

/** How an emailed link's page reads its link (its GET). */
type TPeekOptions<T> = {
  /** What the link would do, read without using anything up; undefined when it is used, expired or forged. */
  peek: (token: string) => Promise<T | undefined>;
  /** The query field of the address this page's action sends to once the link is used (`changed`, `undone`…). */
  doneParam?: string;
  /** Where a dead link goes, when it has a page of its own, instead of this page saying so with a 400. */
  deadTo?: string;
};

/**
 * The loader of an emailed link's page. Mail scanners fetch every link of an email, so opening one only peeks: it
 * shows what the button would do (`live`), that the link is used, expired or forged (`dead`, HTTP 400), or the result
 * of this page's own action (`done`, the address it redirected to: a reload posts nothing).
 */
export async function peekLink<T>(request: Request, options: TPeekOptions<T>) {
  const params = new URL(request.url).searchParams;
  if (options.doneParam && params.has(options.doneParam)) return { state: 'done' as const };
  const found = await options.peek(params.get('token') ?? '');
  if (found !== undefined) return { state: 'live' as const, found };
  if (options.deadTo) throw redirect(options.deadTo);
  const dead: TActionError['error'] = { code: 'link_invalid', data: {} };
  return data({ state: 'dead' as const, error: dead }, { status: 400 });
}

/** How an emailed link's page uses its link (the POST of its button). */
type TActOptions<S extends z.ZodObject, T> = {
  /** The form's fields: the token, and whatever else the page asks (a new password). */
  schema: S;
  /** The service call that uses the link. */
  act: (input: z.output<S>) => Promise<T>;
  /** Where an expected failure goes, when it has a page of its own, instead of this page showing it with its status. */
  failedTo?: (code: string) => string;
};

/**
 * The action of an emailed link's page: reads the form (an unreadable one is the usual 400, shown on the page) and
 * uses the link; an expected failure is returned as the page's `{ error }` answer, or redirected to `failedTo`.
 */
export async function actOnLink<S extends z.ZodObject, T>(
  request: Request,
  options: TActOptions<S, T>,
): Promise<TInput<T>> {
  const input = await readForm(request, options.schema);
  if (!input.ok) return input;
  const { act, failedTo } = options;
  if (!failedTo) return runAction(() => act(input.value));
  try {
    return { ok: true, value: await act(input.value) };
  } catch (err) {
    if (!isAppError(err)) throw err;
    throw redirect(failedTo(err.code));
  }
}
