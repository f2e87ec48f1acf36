import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema/index.ts';
import { activeMember, CLIENT_REQUEST_VALUE } from '../test/factories.ts';
import { CLIENT_REQUEST_HEADER } from '#common/constants.ts';
import { CLOSE_SESSION_ENDED } from '#common/realtime.ts';
import { closeCode, openSocket } from '../test/sockets.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

const { databaseUrl, redisUrl } = loadConfig();

/** Starts `server/test/app-process.ts` as its own OS process and resolves with its base URL. */
async function startProcess(env: Record<string, string>): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['server/test/app-process.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('app process did not start')), 30_000);
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`app process exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

describe.skipIf(!databaseUrl || !redisUrl)('two app processes on PostgreSQL + Redis', () => {
  let t: TTestApp;
  let dataDir: string;
  const processes: ChildProcess[] = [];
  let a: { base: string; child: ChildProcess };
  let b: { base: string; child: ChildProcess };
  beforeAll(async () => {
    t = await buildTestApp();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'amora-procs-'));
    const env = { DATABASE_URL: t.databaseUrl!, REDIS_URL: redisUrl!, DATA_DIR: dataDir, SEED_DEMO: 'false' };
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
    processes.push(a.child, b.child);
  });
  afterAll(async () => {
    await Promise.all(processes.map(stop));
    await t.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('a message sent through process A reaches a socket connected to process B', async () => {
    expect(a.child.pid).not.toBe(b.child.pid);

    const anna = await activeMember(t);
    const ben = await activeMember(t);
    await t.services.database.db.update(users).set({ credits: 50 }).where(eq(users.id, anna.user.id));
    const benOnB = await openSocket(b.base, ben.cookie);
    const annaOnB = await openSocket(b.base, anna.cookie);

    const res = await fetch(`${a.base}/api/chat.php`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: a.base,
        cookie: `auth.session=${anna.cookie['auth.session']}`,
      },
      body: JSON.stringify({ profile_id: ben.user.profile.id, text: 'Across processes' }),
    });
    expect(res.status).toBe(200);
    const sent = ((await res.json()) as { message: { id: number } }).message;

    expect(await benOnB.next('message')).toMatchObject({
      profile_id: anna.user.profile.id,
      message: { id: sent.id, text: 'Across processes', from_me: false },
    });
    // The sender's other tab, on the other process, hears its own message and the new balance.
    expect(await annaOnB.next('message')).toMatchObject({ message: { id: sent.id, from_me: true } });
    expect(await annaOnB.next('credits')).toEqual({ type: 'credits', credits: 40 });
    benOnB.close();
    annaOnB.close();
  });

  it('a logout through process A closes the member’s socket on process B at once', async () => {
    const anna = await activeMember(t);
    const socket = await openSocket(b.base, anna.cookie);
    const closed = closeCode(socket);
    const res = await fetch(`${a.base}/api/logout.php`, {
      headers: { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_VALUE, cookie: `auth.session=${anna.cookie['auth.session']}` },
    });
    expect(res.status).toBe(204);
    expect(await closed).toBe(CLOSE_SESSION_ENDED);
  });
});
