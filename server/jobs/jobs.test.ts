import { Writable } from 'node:stream';
import { DrizzleQueryError, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema/index.ts';
import { createLogger, errorSummary } from '../lib/logger.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { z } from 'zod';
import { declareJob, defineJob } from './define-job.ts';
import { enqueueJob } from './jobs.repository.ts';
import { createJobRunner } from './jobs.ts';

const QUERY = 'select "id", "email" from "users" where "user_id" = $1 and "email" = $2';
const PARAMS = [424242, 'anna.secret@example.com'];

/** A destination that keeps every line the logger writes. */
function captureLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

// Both describes run their own runners over one app's database.
let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

// A failing job logged, and kept in jobs.last_error, the query and its parameters (only addresses were cut).
describe('a job that fails on a database error', () => {
  const failures: Record<string, () => Error> = {
    // Drizzle's own error: the query and params are properties and in the message.
    drizzle: () =>
      new DrizzleQueryError(QUERY, PARAMS, Object.assign(new Error('terminating connection'), { code: '57P01' })),
    // A handler that wrapped it in its own message: only the message carries them.
    wrapped: () => new Error(`could not load the member: Failed query: ${QUERY}\nparams: ${PARAMS.join(',')}`),
  };

  for (const [name, failure] of Object.entries(failures)) {
    it(`keeps neither the SQL nor its parameters in the log or last_error (${name})`, async () => {
      const captured = captureLines();
      const failing = declareJob({ kind: `failing_${name}`, payload: z.object({}) });
      const runner = createJobRunner(t.services.database.db, {
        definitions: [
          defineJob(failing, {
            handler: async () => {
              throw failure();
            },
          }),
        ],
        now: () => new Date(),
        log: createLogger({ level: 'info', destination: captured.stream }),
      });
      const id = await failing.enqueue(t.services.database.db, {}, { runAt: new Date(Date.now() - 1000) });
      await runner.runNow([id]);
      const [row] = await t.services.database.db.select().from(jobs).where(eq(jobs.id, id));
      const logged = captured.lines.filter((l) => l.includes(String(id)));
      expect(logged.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['job failed']);
      for (const text of [logged.join('\n'), row.lastError ?? '']) {
        expect(text).not.toContain('where "user_id"');
        expect(text).not.toContain('$1');
        expect(text).not.toContain('424242');
        expect(text).not.toContain('anna.secret');
        expect(text).not.toContain('params');
      }
      // Operators still learn what kind of failure it was.
      expect(row.lastError).toBeTruthy();
      expect(row.doneAt).toBeNull();
    });
  }
});

describe('a job whose payload does not match its schema', () => {
  it('fails for good at once, without calling the handler, and logs the mismatch without the payload', async () => {
    const captured = captureLines();
    const handled: unknown[] = [];
    const greet = declareJob({ kind: 'greet_member', payload: z.object({ userId: z.number(), email: z.string() }) });
    const runner = createJobRunner(t.services.database.db, {
      definitions: [defineJob(greet, { handler: async (payload) => void handled.push(payload) })],
      now: () => new Date(),
      log: createLogger({ level: 'info', destination: captured.stream }),
    });
    // A row written by an older version of the code (or by hand): the kind's enqueue would not let it through.
    const id = await enqueueJob(t.services.database.db, {
      kind: 'greet_member',
      payload: { userId: 'seven', email: 'anna.secret@example.com' },
      runAt: new Date(Date.now() - 1000),
    });
    await runner.runNow([id]);
    expect(handled).toEqual([]);
    const [row] = await t.services.database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row.failedAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('userId');
    const logged = captured.lines.filter((l) => l.includes(String(id)));
    expect(logged.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['job failed for good']);
    for (const text of [logged.join('\n'), row.lastError ?? '']) expect(text).not.toContain('anna.secret');

    const valid = await greet.enqueue(
      t.services.database.db,
      { userId: 7, email: 'anna@example.com' },
      { runAt: new Date(Date.now() - 1000) },
    );
    await runner.runNow([valid]);
    expect(handled).toEqual([{ userId: 7, email: 'anna@example.com' }]);
  });

  it('refuses a kind defined twice when the runner is built', () => {
    const twice = declareJob({ kind: 'twice', payload: z.object({}) });
    const definition = defineJob(twice, { handler: async () => {} });
    expect(() =>
      createJobRunner(t.services.database.db, { definitions: [definition, definition], now: () => new Date() }),
    ).toThrow('job kind twice is defined twice');
  });
});

describe('errorSummary', () => {
  it('keeps an SMTP refusal readable (code, answer) without the address, and an errno is no SQLSTATE', () => {
    const refusal = Object.assign(new Error('Invalid login: 535 5.7.8 Authentication failed for bob@example.com'), {
      code: 'EAUTH',
      responseCode: 535,
    });
    expect(errorSummary(refusal)).toBe('Invalid login: 535 5.7.8 Authentication failed for [address]');
    const db = new DrizzleQueryError(QUERY, PARAMS, Object.assign(new Error('duplicate key'), { code: '23505' }));
    expect(errorSummary(db)).toBe('database error: SQLSTATE 23505, query "select "id", "email" from…"');
  });
});
