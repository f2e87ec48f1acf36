/**
 * How long a page of search results is reused while paging back and forth (spec §3: cached pages in client state).
 * Short, because a block by someone else must show soon; the blocker's own cache is cleared at once.
 */
export const SEARCH_CACHE_MS = 20_000;
const MAX_PAGES = 50;

const pages = new Map<string, { data: unknown; at: number }>();

/** A cached page of results for a search URL, if still fresh. */
export function cachedSearchPage<T>(key: string, now = Date.now()): T | undefined {
  const hit = pages.get(key);
  if (!hit || now - hit.at > SEARCH_CACHE_MS) return undefined;
  return hit.data as T;
}

/** Remembers a page of results for a search URL. */
export function rememberSearchPage(key: string, data: unknown, now = Date.now()): void {
  if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
  pages.set(key, { data, at: now });
}

/** Forgets every cached page: after a block, search must change at once (spec §6). */
export function clearSearchCache(): void {
  pages.clear();
}
