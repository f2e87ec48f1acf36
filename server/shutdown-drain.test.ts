import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from './db/connect.ts';
import { TEST_DATABASE } from './test/concurrency.ts';
import { activeMember } from './test/factories.ts';
import { startMain, type TMainProcess } from './test/main-process.ts';
import { openSocket } from './test/sockets.ts';
import { buildTestApp, type TTestApp } from './test/test-app.ts';

const SENDS = 400;
/** Long enough for any burst on a slow machine: the test ends the drain with a second SIGTERM once all is answered. */
const DRAIN_MS = 60_000;
/** The client's connections: each carries many sends one after another (keep-alive), as behind a load balancer. */
const CONNECTIONS = 20;

/** One HTTP request on the given agent; resolves with its status and body, or with the client's error code. */
function request(
  agent: http.Agent,
  url: string,
  options: { method: string; headers?: Record<string, string>; body?: string },
): Promise<{ status?: number; connection?: string; body?: string; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { agent, method: options.method, headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body }));
      res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end(options.body);
  });
}

describe.skipIf(TEST_DATABASE !== 'postgresql')('SIGTERM during a burst of sends', () => {
  let t: TTestApp;
  let dataDir: string;
  let main: TMainProcess;
  beforeAll(async () => {
    // Its own fresh database (created and dropped by the test app), so no other test sees the burst.
    t = await buildTestApp();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-drain-'));
  });
  afterAll(async () => {
    if (main?.child.exitCode === null) main.child.kill('SIGKILL');
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('readyz answers 503 at once, every send is answered (200 or 503) and every 200 stored, sockets get 1001, exit 0', async () => {
    const anna = await activeMember(t, {}, { credits: 100_000 });
    const ben = await activeMember(t);
    main = startMain({
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      RATE_LIMITS: 'false',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    });
    const listening = await main.logLine(/^Server listening at /);
    const base = listening.msg.replace(/^Server listening at /, '');

    const socket = await openSocket(base, ben.cookie);
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.raw.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const send = async (text: string) => ({
      text,
      ...(await request(agent, `${base}/api/chat.php`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          cookie: `auth.session=${anna.cookie['auth.session']}`,
        },
        body: JSON.stringify({ profile_id: ben.user.profile.id, text }),
      })),
    });
    let answered = 0;
    const burst = Array.from({ length: SENDS }, async (_, i) => {
      const outcome = await send(`burst ${i}`);
      if (++answered === SENDS / 4) main.child.kill('SIGTERM');
      return outcome;
    });
    // The process says it is draining; from then on the load balancer's probe sees 503 on a new connection, and a
    // send on a kept-alive connection is still served, its answer ending the connection.
    await main.logLine(/^shutting down: \/readyz answers 503/);
    const [ready, ...late] = await Promise.all([
      request(new http.Agent({ keepAlive: false }), `${base}/readyz`, { method: 'GET' }),
      ...Array.from({ length: 5 }, (_, i) => send(`late ${i}`)),
    ]);
    expect(ready).toMatchObject({ status: 503 });
    expect(main.lines.some((l) => l.includes('listener closed'))).toBe(false);

    const outcomes = [...(await Promise.all(burst)), ...late];
    agent.destroy();
    // Still draining (every send was answered well within it); a second signal ends the drain early.
    expect(main.lines.some((l) => l.includes('listener closed'))).toBe(false);
    main.child.kill('SIGTERM');
    expect(await main.exited).toBe(0);

    expect(outcomes.filter((o) => o.error)).toEqual([]);
    for (const o of outcomes) expect([200, 503]).toContain(o.status);
    for (const o of late) expect(o.connection).toBe('close');
    const ok = outcomes.filter((o) => o.status === 200).map((o) => o.text);
    expect(ok.length).toBeGreaterThan(SENDS / 4);
    const stored = await queryRows<{ body: string }>(
      t.services.database.db,
      sql`select body from messages where sender_profile_id = ${anna.user.profile.id}`,
    );
    expect(new Set(stored.map((r) => r.body))).toEqual(new Set(ok));
    expect(await socketClosed).toEqual({ code: 1001, reason: 'server shutting down' });
  }, 90_000);
});
