import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMain, type TLogLine } from '../test/main-process.ts';
import { freePort, startBlackhole } from '../test/redis-server.ts';
import { REDIS_CONNECT_TIMEOUT_MS } from './redis-connection.ts';
import { createRedisHub } from './redis-hub.ts';

const PASSWORD = 'r3dis-Passw0rd';

/**
 * The real process entry against a Redis that never answers or is not there. It used to hang with no
 * output; now it exits 1 after the connect timeout with one JSON line naming the cause (and never the password).
 */
// The database does not matter here (always a PGlite directory): once, in the PGlite run of the suite.
describe.skipIf(process.env.DATABASE_URL)('start-up against a Redis that is not there', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-redis-start-'));
  });
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function failedStart(redisUrl: string) {
    const main = startMain({
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      REDIS_URL: redisUrl,
    });
    // Not main.logLine (30 s): the PGlite start before the hub can take long on a loaded machine.
    const code = await main.exited;
    const failed = JSON.parse(main.lines.find((l) => l.includes('start-up failed')) ?? '{}') as TLogLine;
    expect(main.lines.join('\n')).not.toContain(PASSWORD);
    expect(main.lines.join('\n')).not.toContain('Unhandled error event');
    expect(main.lines.filter((l) => l.includes('redis'))).toHaveLength(1);
    return { code, failed };
  }

  it('a Redis that accepts and never answers: exit 1 after the connect timeout, one line saying so', async () => {
    const blackhole = await startBlackhole();
    try {
      const { code, failed } = await failedStart(`redis://:${PASSWORD}@127.0.0.1:${blackhole.port}`);
      expect(code).toBe(1);
      expect(failed).toMatchObject({ level: 60, pid: expect.any(Number), time: expect.any(Number) });
      expect(failed.msg).toBe(
        `start-up failed: redis timeout after ${REDIS_CONNECT_TIMEOUT_MS / 1000} s at 127.0.0.1:${blackhole.port}`,
      );
    } finally {
      await blackhole.close();
    }
  }, 120_000);

  it('a closed port: exit 1 naming the address and ECONNREFUSED', async () => {
    const port = await freePort();
    const { code, failed } = await failedStart(`redis://:${PASSWORD}@127.0.0.1:${port}`);
    expect(code).toBe(1);
    expect(failed.msg).toBe(`start-up failed: redis unreachable at 127.0.0.1:${port}: ECONNREFUSED`);
  }, 120_000);
});

// A refused connection is known at once; start-up does not wait out the connect timeout for it.
describe('connecting the hub to a closed port', () => {
  it('fails in well under the connect timeout with the one-line cause', async () => {
    const port = await freePort();
    const log = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };
    const started = Date.now();
    await expect(createRedisHub(`redis://:${PASSWORD}@127.0.0.1:${port}`, { log })).rejects.toThrow(
      `redis unreachable at 127.0.0.1:${port}: ECONNREFUSED`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
