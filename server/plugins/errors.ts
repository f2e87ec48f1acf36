import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { TErrorBody } from '../../common/errors.ts';
import { AppError } from '../lib/app-error.ts';
import { serverT } from '../lib/i18n.ts';

/**
 * SQLSTATEs of a value the database cannot hold: a number beyond its integer range (22003), text where a number or
 * uuid goes (22P02), text too long for its column (22001), a date out of range (22007, 22008), a NUL byte or a byte
 * sequence that is not UTF-8 (22021 character_not_in_repertoire), a character the encoding cannot translate or a
 * \u0000 in JSON (22P05 untranslatable_character).
 */
const BAD_INPUT_SQLSTATES = new Set(['22001', '22003', '22007', '22008', '22021', '22P02', '22P05']);

/**
 * The SQLSTATE of bad input that the route's schema let through to the database (so a 400 rather than a 500), else
 * null. Drizzle wraps the driver's error in `cause`.
 */
export function badInputSqlState(err: unknown): string | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && BAD_INPUT_SQLSTATES.has(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return null;
}

/** One error model for the whole API: `{ error, message, data }` with a stable code and a localised message. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((err: FastifyError, request, reply) => {
      const t = serverT(request.locale ?? 'en');
      let body: TErrorBody;
      let status: number;
      if (err instanceof AppError) {
        status = err.status;
        const vars = err.data && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : {};
        body = { error: err.code, message: t(`errors.${err.code}`, vars), data: err.data };
      } else if (hasZodFastifySchemaValidationErrors(err)) {
        status = 400;
        // Dotted paths ("interests.0"), as the services report them, rather than JSON pointers ("/interests/0").
        const issues = err.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message,
        }));
        body = { error: 'invalid_request', message: t('errors.invalid_request'), data: { issues } };
      } else if (badInputSqlState(err)) {
        // A schema should have refused it (zText, bounded numbers): logged, without the value, so the gap gets closed.
        request.log.warn({ sqlState: badInputSqlState(err) }, 'input refused by the database');
        status = 400;
        body = { error: 'invalid_request', message: t('errors.invalid_request') };
      } else if (err.statusCode === 429) {
        status = 429;
        body = { error: 'rate_limited', message: t('errors.rate_limited') };
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        status = err.statusCode;
        body = { error: 'invalid_request', message: t('errors.invalid_request') };
      } else {
        request.log.error({ err }, 'unhandled error');
        status = 500;
        body = { error: 'error_occurred', message: t('errors.error_occurred') };
      }
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
