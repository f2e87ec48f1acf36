import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, users } from '../db/schema/index.ts';
import { buildMember } from '../test/factories.ts';
import { buildTestApp, type TTestApp } from '../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

/** An account's credits and its dev-grant ledger rows. */
async function creditsOf(userId: number) {
  const db = t.services.database.db;
  const [user] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  const ledger = await db
    .select({ delta: creditLedger.delta })
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'dev_grant')));
  return { credits: user.credits, ledger: ledger.map((r) => r.delta) };
}

describe('dev credits', () => {
  it('grants credits to the account of the request site only, with one ledger row for that account', async () => {
    const here = await buildMember(t);
    const email = here.form.email as string;
    // The same address on another white-label site is another member.
    const there = await buildMember(t, { email }, { host: 'liefde.localhost' });
    const before = { here: await creditsOf(here.user.id), there: await creditsOf(there.user.id) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits.json',
      headers: { host: 'localhost' },
      payload: { email, credits: 40 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits: before.here.credits + 40 });
    expect(await creditsOf(here.user.id)).toEqual({ credits: before.here.credits + 40, ledger: [40] });
    expect(await creditsOf(there.user.id)).toEqual(before.there);
  });

  it('takes credits away without going below zero and records what was taken', async () => {
    const { user, form } = await buildMember(t);
    await t.app.inject({
      method: 'POST',
      url: '/dev/credits.json',
      headers: { host: 'localhost' },
      payload: { email: form.email, credits: 5 },
    });
    const start = (await creditsOf(user.id)).credits;
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits.json',
      headers: { host: 'localhost' },
      payload: { email: form.email, credits: -100_000 },
    });
    expect(res.json()).toEqual({ credits: 0 });
    expect(await creditsOf(user.id)).toEqual({ credits: 0, ledger: [5, -start] });
  });

  it('answers email_not_found for an address that has no account on the request site', async () => {
    const { form } = await buildMember(t, {}, { host: 'liefde.localhost' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits.json',
      headers: { host: 'localhost' },
      payload: { email: form.email, credits: 10 },
    });
    expect(res.json().error).toBe('email_not_found');
  });
});
