/** A small map cache whose entries expire (bounded lifetime, so several processes stay consistent enough). */
export function createTtlCache<V>(ttlMs: number, maxEntries = 1000, now: () => number = Date.now) {
  const entries = new Map<string, { value: Promise<V>; expires: number }>();
  return {
    /** Returns the cached value for a key, computing it once per lifetime (concurrent callers share one computation). */
    get(key: string, compute: () => Promise<V>): Promise<V> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = compute();
      entries.set(key, { value, expires: now() + ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}
