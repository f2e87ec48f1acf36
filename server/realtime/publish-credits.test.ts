import { describe, expect, it } from 'vitest';
import { memberChannel } from '#common/likes.ts';
import { createLocalHub, type TRealtimeEvent } from './hub.ts';
import { publishCredits } from './publish-credits.ts';

describe('publishCredits', () => {
  it("sends the new balance to the member's channel only", async () => {
    const hub = createLocalHub();
    const mine: TRealtimeEvent[] = [];
    const others: TRealtimeEvent[] = [];
    await hub.subscribe(memberChannel(7), (e) => mine.push(e));
    await hub.subscribe(memberChannel(8), (e) => others.push(e));
    await publishCredits(hub, 7, 42);
    expect(mine).toEqual([{ type: 'credits', credits: 42 }]);
    expect(others).toEqual([]);
  });

  it('never throws when the hub is down (the balance is committed; tabs catch up by polling)', async () => {
    const down = { publish: () => Promise.reject(new Error('redis down')) };
    await expect(publishCredits(down, 7, 42)).resolves.toBeUndefined();
  });
});
