import { describe, expect, it } from 'vitest';
import { databaseTarget, describeConnectFailure, describeMigrationFailure } from './connect-error.ts';

const URL_WITH_PASSWORD = 'postgres://amora:hunter2@db.internal:6432/amora_prod';

/** An error as node-postgres reports one from the server: its message and SQLSTATE. */
const serverError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('the one line a failed database start-up prints', () => {
  it('names host, port, database and user, never the password', () => {
    expect(databaseTarget(URL_WITH_PASSWORD)).toEqual({
      host: 'db.internal',
      port: '6432',
      database: 'amora_prod',
      user: 'amora',
    });
    expect(databaseTarget('postgres:///amora?host=/run/postgresql')).toMatchObject({
      host: '/run/postgresql',
      port: '5432',
      database: 'amora',
    });
    expect(JSON.stringify(databaseTarget('postgres://amora:hunter2@db:port/x'))).not.toContain('hunter2');
  });

  it('finds the network cause behind a connection tried on several addresses (localhost: ::1 and 127.0.0.1)', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    const err = new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')], '');
    expect(describeConnectFailure(err, 'postgres://amora@localhost/amora', 5000)).toBe(
      'database unreachable at localhost:5432: ECONNREFUSED',
    );
  });

  it('says how long it waited when the database never answered', () => {
    const err = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    expect(describeConnectFailure(err, URL_WITH_PASSWORD, 5000)).toBe(
      'database unreachable at db.internal:6432: no answer within 5000 ms',
    );
  });

  it('names a missing database, and gives the server’s reason for a refused login with its SQLSTATE', () => {
    const missing = serverError('database "amora_prod" does not exist', '3D000');
    expect(describeConnectFailure(missing, URL_WITH_PASSWORD, 5000)).toBe(
      'database "amora_prod" does not exist at db.internal:6432',
    );
    const login = serverError('password authentication failed for user "amora"', '28P01');
    const line = describeConnectFailure(login, URL_WITH_PASSWORD, 5000);
    expect(line).toBe(
      'database at db.internal:6432 refused the connection: password authentication failed for user "amora" (28P01)',
    );
    expect(line).not.toContain('hunter2');
  });

  it('gives a failed migration’s server message and SQLSTATE, not Drizzle’s "Failed query" wrapper', () => {
    const err = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', {
      cause: serverError('permission denied for database amora_prod', '42501'),
    });
    expect(describeMigrationFailure(err)).toBe(
      'database migration failed: permission denied for database amora_prod (42501)',
    );
  });
});
