/** What services use of the job runner: run just-committed jobs at once, or once the request has been answered. */
export interface TJobQueue {
  /** See `createJobRunner`'s `runNow`: waits a little for the jobs, never throws. */
  runNow(ids: readonly number[]): Promise<void>;
  /** See `createJobRunner`'s `runDetached`: runs the jobs after the answer, never holding the caller. */
  runDetached(ids: readonly number[]): void;
}

/**
 * A late-bound job queue. The runner is built from every module's job definitions, and those handlers use services
 * that themselves run jobs: services get this queue first, and the composition root `bind`s the runner once it
 * exists (before any request). A call before that is a wiring mistake and throws.
 */
export function createJobQueue(): TJobQueue & { bind(runner: TJobQueue): void } {
  let bound: TJobQueue | undefined;
  const runner = (): TJobQueue => {
    if (!bound) throw new Error('job queue used before its runner was bound');
    return bound;
  };
  return {
    runNow: (ids) => runner().runNow(ids),
    runDetached: (ids) => runner().runDetached(ids),
    bind(next) {
      if (bound) throw new Error('job queue bound twice');
      bound = next;
    },
  };
}
