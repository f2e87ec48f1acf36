import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsApi } from '#common/wire/payments.ts';
import { discountCodes, discountRedemptions } from '#server/db/schema/index.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';
import { activeMember } from '#server/test/factories.ts';
import { paymentKit, type TCookie } from '#server/test/payment-kit.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const kit = paymentKit(() => t, 'DE');
/** Starts buying the first bundle by card with a code. */
async function start(cookie: TCookie, code: string) {
  const [pack] = await kit.bundles(cookie);
  return kit
    .member(cookie)
    .call(paymentsApi.start, { package_id: pack.id, payment_method: 'creditcard', discount_code: code });
}

describe('a campaign with a use limit (max_uses)', () => {
  it(`of several checkouts at once for its last use, exactly one gets it ${CONCURRENCY_PROOF}`, async () => {
    const { db } = t.services.database;
    const [campaign] = await db
      .insert(discountCodes)
      .values({
        code: `LASTUSE${Date.now()}`,
        kind: 'campaign',
        valuePercentage: 20,
        maxUses: 2,
        expires: new Date(Date.now() + 864e5),
      })
      .returning();
    // One use is gone already: one is left.
    expect((await start((await activeMember(t)).cookie, campaign.code)).status).toBe(200);

    const members = await Promise.all([1, 2, 3, 4].map(() => activeMember(t)));
    const results = await Promise.all(members.map((m) => start(m.cookie, campaign.code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.error).toMatchObject({ error: 'discount_used' });
    }
    const uses = await db.select().from(discountRedemptions).where(eq(discountRedemptions.discountCodeId, campaign.id));
    expect(uses).toHaveLength(2);
  });
});
