import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMember } from '../test/factories.ts';
import { openSocket } from '../test/sockets.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

describe('realtime sockets at shutdown', () => {
  let t: TTestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('closes every open socket with 1001 and a reason, so clients reconnect elsewhere at once', async () => {
    const anna = await activeMember(t);
    const ben = await activeMember(t);
    const sockets = await Promise.all([openSocket(base, anna.cookie), openSocket(base, ben.cookie)]);
    const closes = sockets.map(
      (s) =>
        new Promise<{ code: number; reason: string }>((resolve) =>
          s.raw.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
        ),
    );
    await t.app.close();
    expect(await Promise.all(closes)).toEqual([
      { code: 1001, reason: 'server shutting down' },
      { code: 1001, reason: 'server shutting down' },
    ]);
  });
});
