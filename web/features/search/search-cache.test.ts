import { describe, expect, it } from 'vitest';
import { cachedSearchPage, clearSearchCache, rememberSearchPage, SEARCH_CACHE_MS } from './search-cache.ts';

describe('search page cache (spec §3)', () => {
  it('reuses a page while fresh, forgets it after the lifetime and on clear', () => {
    rememberSearchPage('?page=2', { page: 2 }, 1000);
    expect(cachedSearchPage('?page=2', 1000 + SEARCH_CACHE_MS)).toEqual({ page: 2 });
    expect(cachedSearchPage('?page=2', 1001 + SEARCH_CACHE_MS)).toBeUndefined();
    rememberSearchPage('?page=3', { page: 3 }, 5000);
    clearSearchCache();
    expect(cachedSearchPage('?page=3', 5000)).toBeUndefined();
  });

  it('keeps at most 50 pages, dropping the oldest', () => {
    for (let i = 1; i <= 51; i++) rememberSearchPage(`?page=${i}`, i, 0);
    expect(cachedSearchPage('?page=1', 0)).toBeUndefined();
    expect(cachedSearchPage('?page=51', 0)).toBe(51);
  });
});
