import type { SQL } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { DatabaseStartupError, describeConnectFailure, describeMigrationFailure } from './connect-error.ts';
import * as schema from './schema/index.ts';

export type TSchema = typeof schema;
/** The Drizzle database, the same type on PGlite and PostgreSQL. */
export type TDb = PgDatabase<PgQueryResultHKT, TSchema>;
/** A transaction handle of TDb; repositories accept either. */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/** Rows of a raw statement (both drivers, node-postgres and PGlite, answer `{ rows }`). */
export async function queryRows<T>(db: TDb | TTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** Checks the connection answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Advisory lock key taken by every process while it migrates and seeds ('amora-startup' as a number). */
const STARTUP_LOCK_KEY = 0x616d6f7261;

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens PostgreSQL when a URL is given, else embedded PGlite (in memory when dataDir is null), and migrates. */
export async function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string | null;
  onIdleError?: (err: Error) => void;
  /** How long opening a PostgreSQL connection may take (a host that accepts but never answers); default 5 s. */
  connectTimeoutMs?: number;
  /** Runs after migrating, under the same start-up lock (seeding). */
  startup?: (db: TDb) => Promise<void>;
}): Promise<TDatabase> {
  if (options.databaseUrl) {
    const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
    // Opening a connection is bounded (a host that accepts but never answers would hang start-up and requests
    // forever), but waiting for a free connection of the pool is not: under a burst, requests queue for the pool as
    // they always did instead of failing after the connect timeout. pg-pool applies its own connectionTimeoutMillis to
    // both, so the bound is set on the client only.
    class BoundedClient extends pg.Client {
      constructor(config?: pg.ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
      }
    }
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      Client: BoundedClient,
      // A connection dropped silently (a failover, a NAT timeout) is noticed instead of waited on.
      keepAlive: true,
    });
    // An idle client losing its connection (database restart, failover) must not crash the process;
    // the pool replaces it and the next query reports any lasting problem.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzlePg(pool, { schema });
    // Processes starting together on one database take turns: the first migrates (and seeds), the others wait on
    // the lock and then find nothing to do. A session lock on its own connection ends with the process if it dies.
    let lock: pg.PoolClient;
    try {
      lock = await pool.connect();
    } catch (err) {
      void pool.end().catch(() => undefined);
      throw new DatabaseStartupError(describeConnectFailure(err, options.databaseUrl, connectTimeoutMs), {
        cause: err,
      });
    }
    try {
      await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
      await migratePg(db, { migrationsFolder: MIGRATIONS }).catch((err: unknown) => {
        throw new DatabaseStartupError(describeMigrationFailure(err), { cause: err });
      });
      await options.startup?.(db as unknown as TDb);
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return {
      db: db as unknown as TDb,
      kind: 'postgres',
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  // Trigram indexes serve the console's member search (migration 0024 creates the extension).
  const extensions = { pg_trgm };
  if (options.dataDir) {
    // PGlite does not create the parent folder of its data directory.
    await fs.mkdir(options.dataDir, { recursive: true });
    client = await PGlite.create(path.join(options.dataDir, 'pgdata'), { extensions });
  } else {
    client = await PGlite.create({ extensions });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS });
  await options.startup?.(db as unknown as TDb);
  return {
    db: db as unknown as TDb,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
