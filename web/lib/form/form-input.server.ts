import { data } from 'react-router';
import { z } from 'zod';
import type { TActionError } from './action-result.server.ts';

/** What an action reads from its body: the checked fields, or the 400 answer to return as it is. */
export type TInput<T> = { ok: true; value: T } | { ok: false; response: ReturnType<typeof data<TActionError>> };

type TIssue = { path: string; message: string };

/** The body types a page `<Form>` sends (multipart with its boundary: the parser refuses one without). */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);
/** A zod message that is a catalogue key (`validation.text_invalid`), not zod's own English text. */
const CATALOGUE_KEY = /^[a-z_]+(\.[a-z0-9_]+)+$/;

/** The answer to a body that is not what the action reads: the one an invalid submission gets. */
function refuse(issues: TIssue[] = []): TInput<never> {
  return {
    ok: false,
    response: data<TActionError>({ error: { code: 'invalid_request', data: { issues } } }, { status: 400 }),
  };
}

/** The media type of a Content-Type header, without its parameters, lower-cased. */
function mediaType(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
}

/** Checks the gathered fields with the schema; a failure names each field with a catalogue key the page can show. */
function check<S extends z.ZodType>(schema: S, fields: unknown): TInput<z.output<S>> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { ok: true, value: parsed.data };
  return refuse(
    parsed.error.issues.map((i) => ({
      path: i.path.join('.'),
      message: CATALOGUE_KEY.test(i.message) ? i.message : 'errors.invalid_request',
    })),
  );
}

/** Whether a field of a form schema takes every value of its name (`interests`), rather than one. */
function isList(field: z.ZodType): boolean {
  let inner: z.ZodType = field;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodDefault) inner = inner.unwrap() as z.ZodType;
  return inner instanceof z.ZodArray;
}

/**
 * Reads a page form's body (url-encoded or multipart, as `<Form method="post">` sends it) and checks its fields with the
 * schema — the API twin's schema where the page has one, built from `zText()` so NUL and lone surrogates are refused
 * as on the API. Any other body (JSON, text, none, a multipart without boundary or cut off, a file) is a 400
 * `invalid_request`, returned, never thrown: the page shows it like any invalid submission, and nothing is done.
 */
export async function readForm<S extends z.ZodObject>(request: Request, schema: S): Promise<TInput<z.output<S>>> {
  if (!FORM_TYPES.has(mediaType(request))) return refuse();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse();
  }
  const fields: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    const values = form.getAll(name);
    if (values.some((v) => typeof v !== 'string')) return refuse([{ path: name, message: 'errors.invalid_request' }]);
    fields[name] = isList(field) ? values : values[0];
  }
  return check(schema, fields);
}

/**
 * Reads a page's JSON body (a `useSubmit`/fetcher with `encType: 'application/json'`) and checks it with the schema;
 * anything else (a form, text, no body, JSON that does not parse or is not an object) is the same 400 as readForm's.
 */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<TInput<z.output<S>>> {
  if (mediaType(request) !== 'application/json') return refuse();
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return refuse();
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return refuse();
  return check(schema, body);
}
