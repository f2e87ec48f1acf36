/** What a component shows of its action: running, and the message of its last failure. */
export type TAsyncActionState = { busy: boolean; error: string | null };

/** How one run turns a failure into the message shown: null shows none (the caller showed it otherwise). */
export type TRunOptions = { error?: (err: unknown, fallback: string) => string | null };

/** The message of a failed call: the API client's translated message, else the generic one. */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof Error && err.message ? err.message : fallback;
}

/**
 * The state machine behind `useAsyncAction`, free of React so it is tested on its own: one run at a time (a second
 * call while one runs is refused, so a double click submits once), its failure turned into a message, and nothing
 * reported once the owner is gone (its signal is aborted then).
 */
export function createAsyncAction(onChange: (state: TAsyncActionState) => void) {
  let state: TAsyncActionState = { busy: false, error: null };
  let controller: AbortController | null = null;
  let isAttached = true;
  const set = (patch: Partial<TAsyncActionState>) => {
    state = { ...state, ...patch };
    if (isAttached) onChange(state);
  };

  return {
    /** Runs `work` unless a run is under way; its value, or undefined when refused or failed. */
    async run<T>(
      work: (signal: AbortSignal) => Promise<T>,
      fallback: string,
      options: TRunOptions = {},
    ): Promise<T | undefined> {
      if (controller) return undefined;
      const own = new AbortController();
      controller = own;
      set({ busy: true, error: null });
      try {
        return await work(own.signal);
      } catch (err) {
        if (own.signal.aborted) return undefined;
        set({ error: options.error ? options.error(err, fallback) : errorMessage(err, fallback) });
        return undefined;
      } finally {
        if (controller === own) controller = null;
        set({ busy: false });
      }
    },
    /** Shows a message of the caller's own (a check before calling), or clears it. */
    setError(error: string | null) {
      set({ error });
    },
    /** The owner is on screen (again, after React's development double mount). */
    attach() {
      isAttached = true;
    },
    /** The owner is gone: the run under way is aborted and no state is reported any more. */
    detach() {
      isAttached = false;
      controller?.abort();
      controller = null;
    },
    get state() {
      return state;
    },
  };
}

export type TAsyncActionController = ReturnType<typeof createAsyncAction>;
