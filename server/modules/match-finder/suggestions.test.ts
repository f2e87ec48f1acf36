import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '#server/db/schema/index.ts';
import { buildMember } from '#server/test/factories.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ demoProfiles: 60 });
});
afterAll(async () => {
  await t.close();
});

describe('signup suggestions', () => {
  it('suggests visible members of the genders a member looks for, same country first, never the member', async () => {
    const { user } = await buildMember(t, { gender: 'female', looking_for: 'male' });
    await t.services.profileBasics.save(user.id, { country: 'DE', region_code: 'BE', city: 'Berlin' });
    const cards = await t.services.matchFinder.suggestionsFor(user.profile.id, '');
    expect(cards.length).toBeGreaterThan(3);
    expect(cards.every((c) => c.gender === 'male')).toBe(true);
    expect(cards.map((c) => c.id)).not.toContain(user.profile.id);
    const firstOther = cards.findIndex((c) => c.country !== 'DE');
    if (firstOther > 0) expect(cards.slice(firstOther).some((c) => c.country === 'DE')).toBe(false);
    const db = t.services.database.db;
    await db
      .update(profiles)
      .set({ invisible: true })
      .where(inArray(profiles.id, [cards[0].id]));
    const again = await t.services.matchFinder.suggestionsFor(user.profile.id, '');
    expect(again.map((c) => c.id)).not.toContain(cards[0].id);
    await db.update(profiles).set({ invisible: false }).where(eq(profiles.id, cards[0].id));
  });

  it('suggests both genders to a bisexual member', async () => {
    const { user } = await buildMember(t, { gender: 'male', looking_for: 'both' });
    const cards = await t.services.matchFinder.suggestionsFor(user.profile.id, '', { limit: 40 });
    expect(new Set(cards.map((c) => c.gender))).toEqual(new Set(['male', 'female']));
  });
});
