/** A shared progress tracker for navigations and API calls (spec §4 progress bar: start, increment, finish, fail). */
export type TProgressState = { active: number; failed: boolean; version: number };

let state: TProgressState = { active: 0, failed: false, version: 0 };
const listeners = new Set<() => void>();

function set(next: Partial<TProgressState>) {
  state = { ...state, ...next, version: state.version + 1 };
  for (const l of listeners) l();
}

export const progress = {
  /** A task started. */
  start() {
    set({ active: state.active + 1, failed: false });
  },
  /** A running task made progress (keeps the bar alive). */
  increment() {
    set({});
  },
  /** A task finished. */
  finish() {
    set({ active: Math.max(0, state.active - 1) });
  },
  /** A task failed: the bar turns to the danger colour. */
  fail() {
    set({ active: Math.max(0, state.active - 1), failed: true });
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => state,
};
