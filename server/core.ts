import type { TDb } from './db/connect.ts';
import type { TLogger } from './lib/logger.ts';

/**
 * What every service factory takes first (`create…Service(core, deps)`): the database, the clock (tests set it) and
 * the process logger. The factory's second argument holds the module's own dependencies.
 */
export interface TCore {
  db: TDb;
  now: () => Date;
  log: TLogger;
}
