import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterEach(() => {
  vi.restoreAllMocks();
  t.services.lifecycle.shuttingDown = false;
});
afterAll(async () => {
  await t.close();
});

const hang = () => new Promise<void>(() => undefined);

/** GET /readyz with the time it took. */
async function ready() {
  const started = performance.now();
  const res = await t.app.inject({ url: '/readyz' });
  return { ms: performance.now() - started, status: res.statusCode, body: res.json() };
}

describe('/readyz', () => {
  it('names every check when all answer', async () => {
    const r = await ready();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', checks: { database: 'ok', realtime: 'ok' } });
  });

  it('answers within a second when the database hangs, naming it (503)', async () => {
    vi.spyOn(t.services.database, 'ping').mockImplementation(hang);
    const r = await ready();
    expect(r.ms).toBeLessThan(1000);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'unavailable', checks: { database: 'timeout', realtime: 'ok' } });
  });

  it('says error when the database refuses (503)', async () => {
    vi.spyOn(t.services.database, 'ping').mockRejectedValue(new Error('ECONNREFUSED'));
    const r = await ready();
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'unavailable', checks: { database: 'error', realtime: 'ok' } });
  });

  it('stays in the pool when only realtime hangs: degraded (200), within a second', async () => {
    vi.spyOn(t.services.realtime, 'ping').mockImplementation(hang);
    const r = await ready();
    expect(r.ms).toBeLessThan(1000);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'degraded', checks: { database: 'ok', realtime: 'timeout' } });
  });

  it('answers within a second when both hang', async () => {
    vi.spyOn(t.services.database, 'ping').mockImplementation(hang);
    vi.spyOn(t.services.realtime, 'ping').mockImplementation(hang);
    const r = await ready();
    expect(r.ms).toBeLessThan(1000);
    expect(r.body).toEqual({ status: 'unavailable', checks: { database: 'timeout', realtime: 'timeout' } });
  });

  it('is 503 at once while shutting down; /healthz stays ok', async () => {
    vi.spyOn(t.services.database, 'ping').mockImplementation(hang);
    t.services.lifecycle.shuttingDown = true;
    const r = await ready();
    expect(r.ms).toBeLessThan(200);
    expect(r.status).toBe(503);
    expect(r.body).toEqual({ status: 'unavailable' });
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });
});
