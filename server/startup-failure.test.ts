import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE } from './test/concurrency.ts';
import { startMain } from './test/main-process.ts';

const PASSWORD = 's3cret-Passw0rd';
const CONNECT_TIMEOUT_MS = 1000;

/**
 * Starts the real process entry against the given database and returns its output once it has exited. An operator
 * must get one JSON line (time, level, pid) saying why, and exit code 1, well within the connect timeout plus the
 * process's own start.
 */
async function failedStart(databaseUrl: string | undefined, env: Record<string, string> = {}) {
  const started = Date.now();
  const main = startMain({
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    PORT: '0',
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    DB_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    ...env,
  });
  const code = await main.exited;
  return { code, ms: Date.now() - started, lines: main.lines };
}

/** The one line a failed start-up printed, parsed. */
function onlyLine(lines: string[]) {
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain(PASSWORD);
  const line = JSON.parse(lines[0]) as { level: number; time: number; pid: number; msg: string };
  expect(line).toMatchObject({ level: 60, time: expect.any(Number), pid: expect.any(Number) });
  return line;
}

describe('start-up against a database that is not there', () => {
  let blackhole: net.Server;
  const held: net.Socket[] = [];
  let blackholePort: number;
  let closedPort: number;
  beforeAll(async () => {
    // Accepts connections and never answers: the database that hung start-up with no output.
    blackhole = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    blackholePort = (blackhole.address() as net.AddressInfo).port;
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    closedPort = (probe.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
  });
  afterAll(async () => {
    for (const s of held) s.destroy();
    await new Promise<void>((resolve) => blackhole.close(() => resolve()));
  });

  it('a database that accepts but never answers: exit 1 after the connect timeout, with one line saying so', async () => {
    const result = await failedStart(`postgres://amora:${PASSWORD}@127.0.0.1:${blackholePort}/amora`);
    expect(result.code).toBe(1);
    expect(result.ms).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS);
    expect(result.ms).toBeLessThan(CONNECT_TIMEOUT_MS + 15_000);
    expect(onlyLine(result.lines).msg).toBe(
      `start-up failed: database unreachable at 127.0.0.1:${blackholePort}: no answer within ${CONNECT_TIMEOUT_MS} ms`,
    );
  }, 30_000);

  it('a closed port: exit 1 with ECONNREFUSED and where', async () => {
    const result = await failedStart(`postgres://amora:${PASSWORD}@127.0.0.1:${closedPort}/amora`);
    expect(result.code).toBe(1);
    expect(onlyLine(result.lines).msg).toBe(
      `start-up failed: database unreachable at 127.0.0.1:${closedPort}: ECONNREFUSED`,
    );
  }, 30_000);

  it('a host name that does not resolve: exit 1 with ENOTFOUND', async () => {
    const result = await failedStart(`postgres://amora:${PASSWORD}@no-such-host.invalid:5432/amora`);
    expect(result.code).toBe(1);
    expect(onlyLine(result.lines).msg).toMatch(
      /^start-up failed: database unreachable at no-such-host\.invalid:5432: (ENOTFOUND|EAI_AGAIN)$/,
    );
  }, 30_000);

  it.skipIf(TEST_DATABASE !== 'postgresql')(
    'a database that does not exist: exit 1 naming it',
    async () => {
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = '/amora_missing_xyz';
      const result = await failedStart(url.toString());
      expect(result.code).toBe(1);
      expect(onlyLine(result.lines).msg).toBe(
        `start-up failed: database "amora_missing_xyz" does not exist at ${url.hostname}:${url.port || '5432'}`,
      );
    },
    30_000,
  );

  it('a bad configuration: exit 1 with one JSON line of the same shape listing the problem', async () => {
    const result = await failedStart(undefined, { PORT: 'abc' });
    expect(result.code).toBe(1);
    expect(onlyLine(result.lines).msg).toMatch(/^start-up failed: Invalid configuration:\n {2}- PORT: /);
  }, 30_000);
});
