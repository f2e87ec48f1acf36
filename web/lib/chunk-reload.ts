import { CHUNK_RELOAD_GUARD_MS } from '#common/constants.ts';

const KEY = 'chunk-reload-at';

/** True when an error means a route's code failed to load (spec §8). */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Loading chunk|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    text,
  );
}

/** Reloads the page once after a chunk load failure, at most once per 60 s (spec §4/§9). Returns whether it reloaded. */
export function reloadForChunkError(now = Date.now()): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Catches chunk load failures that escape React (preload errors, unhandled rejections). */
export function installChunkReloadGuard(): void {
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadForChunkError();
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunkError();
  });
}
