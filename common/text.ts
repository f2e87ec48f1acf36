import { z } from 'zod';

/** A UTF-16 surrogate not paired with its other half: it has no UTF-8 encoding (paired ones, e.g. emoji, match nothing). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * True when a string can be stored and sent unchanged: no NUL character (PostgreSQL text cannot hold one) and no lone
 * surrogate (it would silently become U+FFFD on its way to the database).
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The string of every text input of every route and form: refuses what the database cannot store, as a field issue
 * (`validation.text_invalid`) rather than a server error. Chain `.trim()`, `.max()` etc. on it like on `z.string()`.
 */
export function zText() {
  return z.string().refine(isStorableText, { message: 'validation.text_invalid', abort: true });
}
