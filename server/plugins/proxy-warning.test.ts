import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.ts';

/** Boots a production app whose log lines are kept, sends requests, and returns the warnings about the proxy. */
async function proxyWarnings(env: Record<string, string>, requests: Record<string, string>[]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await buildTestApp({ env: { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env }, logDestination: stream });
  try {
    for (const headers of requests) await t.app.inject({ url: '/api/settings.php', headers });
  } finally {
    await t.close();
  }
  return lines.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => /TRUST_PROXY/.test(l.msg));
}

describe('a proxy in front while TRUST_PROXY is off', () => {
  it('is warned about once per process, on the first request that carries X-Forwarded-For', async () => {
    const warnings = await proxyWarnings({}, [
      {},
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '203.0.113.10' },
      { 'x-forwarded-for': '198.51.100.1, 10.0.0.1' },
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40);
    expect(warnings[0].msg).toContain('X-Forwarded-For');
    // Client addresses from the header are personal data: the warning does not repeat them.
    expect(JSON.stringify(warnings)).not.toContain('203.0.113.9');
  });

  it('is warned about on X-Forwarded-Proto alone: an https site behind the proxy would be taken for http', async () => {
    const warnings = await proxyWarnings({}, [{ 'x-forwarded-proto': 'https' }]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain('TRUST_PROXY=1');
  });

  it('is not warned about when TRUST_PROXY names the proxies', async () => {
    const forwarded = [{ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }];
    expect(await proxyWarnings({ TRUST_PROXY: '127.0.0.1' }, forwarded)).toEqual([]);
    expect(await proxyWarnings({ TRUST_PROXY: '1' }, forwarded)).toEqual([]);
  });
});
