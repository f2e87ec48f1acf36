import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CONCURRENCY_PROOF, TEST_DATABASE } from '../test/concurrency.ts';

const BASE_URL = process.env.DATABASE_URL;

/** Starts one migrate-and-seed process; resolves with its exit code and output. */
function startProcess(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['server/test/migrate-process.ts'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

describe.skipIf(TEST_DATABASE !== 'postgresql')('processes started together on an empty database', () => {
  it(`all come up, with one migration history and the base sites once ${CONCURRENCY_PROOF}`, async () => {
    const journal = JSON.parse(fs.readFileSync('server/db/migrations/meta/_journal.json', 'utf8')) as {
      entries: unknown[];
    };
    for (let round = 0; round < 2; round++) {
      const name = `amora_startup_${randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: BASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(BASE_URL!);
      url.pathname = `/${name}`;
      try {
        const results = await Promise.all([1, 2, 3].map(() => startProcess(url.toString())));
        for (const r of results) expect(r, r.out).toMatchObject({ code: 0 });
        const db = new pg.Client({ connectionString: url.toString() });
        await db.connect();
        const migrations = await db.query('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(migrations.rows[0].n).toBe(journal.entries.length);
        const sites = await db.query(
          'select domain, count(*)::int as n from sites group by domain having count(*) > 1',
        );
        expect(sites.rows).toEqual([]);
        await db.end();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    }
  }, 120_000);
});
