/** What an error and the errors it wraps may carry (driver errors: `code` is an errno or a SQLSTATE). */
export type TChainedError = { code?: unknown; message?: unknown; cause?: unknown };

/**
 * An error followed by the errors it wraps in `cause` (Drizzle wraps the driver's error), at most `depth` of them, so
 * a check finds a driver's code or message whichever layer threw.
 */
export function* errorChain(err: unknown, depth = 4): Generator<TChainedError> {
  let e = err as TChainedError | undefined;
  for (let i = 0; e && typeof e === 'object' && i < depth; i++) {
    yield e;
    e = e.cause as TChainedError | undefined;
  }
}
