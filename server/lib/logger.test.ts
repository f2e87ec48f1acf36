import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';
import { createLogger, loggedUrl } from './logger.ts';

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

const IBAN = 'NL91ABNA0417164300';

describe('logs carry no personal data', () => {
  let t: TTestApp;
  const captured = captureLines();
  beforeAll(async () => {
    t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logDestination: captured.stream });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs a failed query with its SQLSTATE and first words, never its parameters or the driver message', async () => {
    // The driver's message for a bad cast repeats the value ('invalid input syntax for type integer: "NL91…"').
    const err = await t.services.database.db.execute(sql`select ${IBAN}::int as n`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeTruthy();
    expect(JSON.stringify(err, Object.getOwnPropertyNames(err))).toContain(IBAN); // the raw error does carry it
    const { lines, stream } = captureLines();
    createLogger({ level: 'info', destination: stream }).error({ err }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(IBAN);
    const logged = JSON.parse(lines[0]) as { err: { code: string; query: string } };
    expect(logged.err.code).toBe('22P02');
    expect(logged.err.query).toMatch(/^select \$1::int/);
  });

  it('never logs the token of an emailed link, through the real request logger', async () => {
    const token = 'a'.repeat(43);
    await t.app.inject({ method: 'GET', url: `/api/settings.php?token=${token}&page=2` });
    const requestLines = captured.lines.filter((l) => l.includes('incoming request'));
    expect(requestLines.length).toBeGreaterThan(0);
    expect(captured.lines.join('\n')).not.toContain(token);
    expect(requestLines.at(-1)).toContain('token=[redacted]');
    expect(requestLines.at(-1)).toContain('page=2');
  });

  it('logs the client address truncated (/24), never the full address', async () => {
    await t.app.inject({ method: 'GET', url: '/api/settings.php', remoteAddress: '203.0.113.77' });
    const line = captured.lines.filter((l) => l.includes('incoming request')).at(-1)!;
    expect(JSON.parse(line).req.remoteAddress).toBe('203.0.113.0/24');
    expect(captured.lines.join('\n')).not.toContain('203.0.113.77');
  });

  it('keeps allow-listed query values and redacts the rest', () => {
    expect(loggedUrl('/reset-password/do?token=secret')).toBe('/reset-password/do?token=[redacted]');
    expect(loggedUrl('/api/search.php?country=NL&gender=f')).toBe('/api/search.php?country=NL&gender=f');
    expect(loggedUrl('/api/geocode.php?lat=52.37&lon=4.89')).toBe('/api/geocode.php?[redacted]');
    expect(loggedUrl('/members')).toBe('/members');
  });
});
