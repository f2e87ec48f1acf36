import { describe, expect, it, vi } from 'vitest';
import { drainDueJobs, startJobLoop } from './jobs.ts';

describe('startJobLoop', () => {
  it('stops polling, and its stop resolves only after the run in progress has finished', async () => {
    vi.useFakeTimers();
    try {
      let finish!: () => void;
      let runs = 0;
      const run = vi.fn(() => {
        runs++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      });
      const stop = startJobLoop(run, 60_000, () => undefined);
      await vi.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(1);
      let stopped = false;
      const stopping = stop().then(() => {
        stopped = true;
      });
      await vi.advanceTimersByTimeAsync(10);
      expect(stopped).toBe(false);
      finish();
      await stopping;
      expect(stopped).toBe(true);
      await vi.advanceTimersByTimeAsync(120_000);
      expect(runs).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reports a failing run and keeps polling', async () => {
    vi.useFakeTimers();
    try {
      const errors: unknown[] = [];
      const run = vi.fn(async () => {
        throw new Error('database away');
      });
      const stop = startJobLoop(run, 1000, (err) => errors.push(err));
      await vi.advanceTimersByTimeAsync(3500);
      expect(run.mock.calls.length).toBe(3);
      expect(errors).toHaveLength(3);
      await stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('drainDueJobs', () => {
  it('runs again while a full batch ran (a backlog), and stops at a short batch or when stopped', async () => {
    const batches = [20, 20, 20, 7, 20];
    const runDue = vi.fn(async () => batches.shift() ?? 0);
    expect(await drainDueJobs(runDue, { limit: 20 })).toBe(67);
    expect(runDue).toHaveBeenCalledTimes(4);

    let calls = 0;
    const stoppedAfterTwo = await drainDueJobs(async () => 20, { limit: 20, stopped: () => ++calls >= 2 });
    expect(stoppedAfterTwo).toBe(40);
  });
});
