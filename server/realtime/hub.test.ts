import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createLocalHub, createRedisHub, type TRealtimeEvent } from './hub.ts';

const next = (events: TRealtimeEvent[]) =>
  new Promise<TRealtimeEvent>((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      if (events.length) resolve(events[0]);
      else if (Date.now() - started > 3000) reject(new Error('no event'));
      else setTimeout(poll, 10);
    };
    poll();
  });

describe('realtime hub', () => {
  it('delivers locally and stops after unsubscribe', async () => {
    const hub = createLocalHub();
    const got: TRealtimeEvent[] = [];
    const off = await hub.subscribe('user:1', (e) => got.push(e));
    await hub.publish('user:1', { type: 'message', id: 7 });
    await hub.publish('user:2', { type: 'message', id: 8 });
    expect(got).toEqual([{ type: 'message', id: 7 }]);
    await off();
    await hub.publish('user:1', { type: 'message', id: 9 });
    expect(got).toHaveLength(1);
  });

  const { redisUrl } = loadConfig();
  it.skipIf(!redisUrl)('delivers across two processes through Redis', async () => {
    const a = await createRedisHub(redisUrl!);
    const b = await createRedisHub(redisUrl!);
    const channel = `test:${Date.now()}`;
    const got: TRealtimeEvent[] = [];
    const off = await b.subscribe(channel, (e) => got.push(e));
    await a.publish(channel, { type: 'typing', conversation: 3 });
    expect(await next(got)).toEqual({ type: 'typing', conversation: 3 });
    await off();
    await a.close();
    await b.close();
  });
});
