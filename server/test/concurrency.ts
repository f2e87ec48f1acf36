/** Which database this run uses: buildTestApp opens PostgreSQL when DATABASE_URL is set, else in-memory PGlite. */
export const TEST_DATABASE: 'postgresql' | 'pglite' = process.env.DATABASE_URL ? 'postgresql' : 'pglite';

/**
 * Ends the name of a test that proves a rule under concurrent requests (row locks, unique constraints, conditional
 * updates). PGlite has one connection, so there the "concurrent" requests run one after another and only the
 * sequential rule is proven; the test still runs there, but the PostgreSQL run (`npm test` with DATABASE_URL, always
 * done by `.ci/run`) is the one that counts. Both reports show which run a pass came from.
 */
export const CONCURRENCY_PROOF =
  TEST_DATABASE === 'postgresql'
    ? '[concurrent on PostgreSQL: this run counts]'
    : '[serial on PGlite: the PostgreSQL run counts]';
