import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type TDatabase } from './connect.ts';
import { accountTokens, profiles, sites, users } from './schema/index.ts';
import { seedBaseSites } from './seed/base-sites.ts';

const MIGRATION = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations/0030_payments_method_index.sql');
/** The hand-written backfill: the migration's last statement. */
const BACKFILL = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').at(-1)!;

describe('migration 0030: activated_at of accounts confirmed before 0025', () => {
  let database: TDatabase;
  beforeAll(async () => {
    database = await connectDatabase({ dataDir: null });
    await seedBaseSites(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('takes the activation link used, else the signup time, and leaves unconfirmed and recorded accounts alone', async () => {
    const { db } = database;
    const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
    const signup = new Date('2026-01-10T08:00:00Z');
    const used = new Date('2026-01-11T09:30:00Z');
    const recorded = new Date('2026-02-01T12:00:00Z');
    const accounts = [
      { email: 'link@example.com', emailConfirmed: true, activatedAt: null },
      { email: 'nolink@example.com', emailConfirmed: true, activatedAt: null },
      { email: 'unconfirmed@example.com', emailConfirmed: false, activatedAt: null },
      { email: 'recorded@example.com', emailConfirmed: true, activatedAt: recorded },
    ];
    const ids: number[] = [];
    for (const [i, a] of accounts.entries()) {
      const [p] = await db
        .insert(profiles)
        .values({ name: `backfill_${i}`, gender: 'female', birthDate: '1990-01-01', country: 'NL', locale: 'nl' })
        .returning({ id: profiles.id });
      const [u] = await db
        .insert(users)
        .values({ ...a, siteId: site.id, profileId: p.id, passwordHash: '!', locale: 'nl', signupDate: signup })
        .returning({ id: users.id });
      ids.push(u.id);
    }
    const expires = new Date('2026-01-17T08:00:00Z');
    await db.insert(accountTokens).values([
      { userId: ids[0], kind: 'activation', tokenHash: 'a1', expiresAt: expires, usedAt: used },
      // A reset link used earlier is no evidence of the activation.
      { userId: ids[0], kind: 'password_reset', tokenHash: 'r1', expiresAt: expires, usedAt: signup },
      { userId: ids[1], kind: 'activation', tokenHash: 'a2', expiresAt: expires },
    ]);

    await db.execute(sql.raw(BACKFILL));

    const rows = await db
      .select({ activatedAt: users.activatedAt })
      .from(users)
      .where(sql`${users.id} in ${ids}`)
      .orderBy(asc(users.id));
    expect(rows.map((r) => r.activatedAt?.toISOString() ?? null)).toEqual([
      used.toISOString(),
      signup.toISOString(),
      null,
      recorded.toISOString(),
    ]);
  });
});
