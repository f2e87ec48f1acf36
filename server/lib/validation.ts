import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Parses input with a shared schema, or throws invalid_request with `{ path, message }` issues (catalogue keys). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new AppError('invalid_request', {
    issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}
