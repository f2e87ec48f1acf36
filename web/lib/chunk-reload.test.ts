import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload.ts';

function stubBrowser() {
  const store = new Map<string, string>();
  const reload = vi.fn();
  vi.stubGlobal('sessionStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
  });
  vi.stubGlobal('window', { location: { reload } });
  return reload;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('route chunk load failures (spec §4/§8)', () => {
  it('recognises chunk load errors', () => {
    expect(isChunkLoadError(new Error('Loading chunk 12 failed'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then not again within 60 s, then again after', () => {
    const reload = stubBrowser();
    const t0 = 1_000_000;
    expect(reloadForChunkError(t0)).toBe(true);
    expect(reloadForChunkError(t0 + 59_999)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadForChunkError(t0 + 60_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
