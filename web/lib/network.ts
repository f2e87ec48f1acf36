/** Online/offline state shared by the API client and the status banner (spec §4: online/offline is tracked). */
let online = typeof navigator === 'undefined' ? true : navigator.onLine;
const listeners = new Set<() => void>();

function set(value: boolean) {
  if (value === online) return;
  online = value;
  for (const l of listeners) l();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => set(true));
  window.addEventListener('offline', () => set(false));
}

export const network = {
  /** Marks the network as reachable or not (also called by the API client on fetch failures). */
  set,
  isOnline: () => online,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
