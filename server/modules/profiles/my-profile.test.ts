import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilesApi, type TProfileUpdate } from '#common/wire/profiles.ts';
import { profiles } from '#server/db/schema/index.ts';
import { buildMember, CLIENT } from '#server/test/factories.ts';
import { asMember } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const valid: TProfileUpdate = {
  gender: 'female',
  sexuality: 'bi',
  hair_color: 'red',
  eye_color: 'green',
  body_type: 'athletic',
  relationship_status: 'single',
  tattoos: 'some',
  height_cm: 172,
  about_me: '  Loves hiking and good coffee.  ',
  interests: ['hiking', 'coffee', 'hiking'],
  country: 'NL',
  region_code: 'NH',
  city: 'Haarlem',
};

const save = (cookie: Record<string, string>, profile: TProfileUpdate) =>
  asMember(t.app, cookie).call(profilesApi.save, profile);
const mine = async (cookie: Record<string, string>) => (await asMember(t.app, cookie).call(profilesApi.mine)).body;

describe('profile settings (spec §2)', () => {
  it('saves every attribute, trims text and drops repeated interests', async () => {
    const m = await buildMember(t);
    const res = await save(m.cookie, valid);
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      ...valid,
      about_me: 'Loves hiking and good coffee.',
      interests: ['hiking', 'coffee'],
    });
    expect((await mine(m.cookie)).profile.city).toBe('Haarlem');
  });

  it('changes whom the member looks for without the Art. 9 consent, and search follows it', async () => {
    const m = await buildMember(t, { gender: 'male', looking_for: 'female', orientation_consent: false });
    expect((await mine(m.cookie)).profile.seeking).toBe('female');
    const { sexuality: _left, ...withoutOrientation } = valid;
    const res = await save(m.cookie, { ...withoutOrientation, gender: 'male', seeking: 'male' });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({ seeking: 'male', sexuality: null });
    expect((await t.services.search.defaultQuery(m.user.profile.id as number)).gender).toBe('male');
    // Left out keeps it; a value outside the three is refused and changes nothing.
    await save(m.cookie, { ...withoutOrientation, gender: 'male' });
    expect((await mine(m.cookie)).profile.seeking).toBe('male');
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/profile.php',
      headers: CLIENT,
      cookies: m.cookie,
      payload: { ...withoutOrientation, gender: 'male', seeking: 'robots' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.issues).toContainEqual({ path: 'seeking', message: 'validation.choose_looking_for' });
    expect((await mine(m.cookie)).profile.seeking).toBe('male');
  });

  it('clears optional attributes with null', async () => {
    const m = await buildMember(t);
    await save(m.cookie, valid);
    const res = await save(m.cookie, { ...valid, hair_color: null, height_cm: null, interests: [] });
    expect(res.body.profile).toMatchObject({ hair_color: null, height_cm: null, interests: [] });
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const m = await buildMember(t);
    await save(m.cookie, valid);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ hair_color: 'purple' }, 'hair_color', 'validation.choose_option'],
      [{ height_cm: 20 }, 'height_cm', 'validation.height_range'],
      [{ about_me: 'x'.repeat(2001) }, 'about_me', 'validation.about_me_length'],
      [{ interests: Array.from({ length: 16 }, () => 'wine') }, 'interests', 'validation.interests_max'],
      [{ interests: ['stamp_collecting'] }, 'interests.0', 'validation.choose_option'],
      [{ region_code: 'BY' }, 'region_code', 'validation.required'],
      [{ country: 'JP', region_code: '13' }, 'region_code', 'validation.required'],
      [{ city: '   ' }, 'city', 'validation.required'],
    ];
    // Raw: several of these values are outside the body's type.
    for (const [change, path, message] of cases) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/profile.php',
        headers: CLIENT,
        cookies: m.cookie,
        payload: { ...valid, ...change, sexuality: 'gay' },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().data.issues).toContainEqual({ path, message });
    }
    const [row] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, m.user.profile.id));
    expect(row.sexuality).toBe('bi');
  });

  it('only ever touches the caller’s own profile and needs a login', async () => {
    const res = await save({}, valid);
    expect(res.status).toBe(403);
    const m = await buildMember(t);
    const other = await buildMember(t);
    // Fields the body does not have, naming another profile: sent all the same.
    const naming = { ...valid, id: other.user.profile.id, profile_id: other.user.profile.id, city: 'Zaandam' };
    await save(m.cookie, naming);
    const [row] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, other.user.profile.id));
    expect(row.city).not.toBe('Zaandam');
  });
});

describe('location at city precision', () => {
  it('stores the city centre, never a member position, and shows others only a rounded distance', async () => {
    const anna = await buildMember(t);
    const ben = await buildMember(t);
    await save(anna.cookie, { ...valid, city: 'Haarlem' });
    await save(ben.cookie, { ...valid, city: 'amsterdam' });
    const [row] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, anna.user.profile.id));
    expect(row.lat).toBeCloseTo(52.38, 1);
    expect(row.lon).toBeCloseTo(4.64, 1);
    await t.services.database.db
      .update(profiles)
      .set({ status: 'active' })
      .where(eq(profiles.id, anna.user.profile.id));
    const view = await t.services.profiles.profileView(anna.user.profile.id, '', {
      profileId: ben.user.profile.id,
      isPremium: false,
    });
    // Haarlem–Amsterdam is about 18 km: shown as "less than 25 km", and no coordinates leave the server.
    expect(view?.distance).toEqual({ within_km: 25 });
    expect(JSON.stringify(view)).not.toMatch(/52\.3|4\.6/);
    expect((await mine(anna.cookie)).profile).not.toHaveProperty('lat');
  });
});

describe('the city is one the place data knows (issue 31)', () => {
  const rowOf = async (profileId: number) =>
    (await t.services.database.db.select().from(profiles).where(eq(profiles.id, profileId)))[0];

  it('refuses a city the dataset does not know, saying so, and changes nothing', async () => {
    const m = await buildMember(t);
    await save(m.cookie, valid);
    const res = await save(m.cookie, { ...valid, city: 'Ba', about_me: 'Changed' });
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ error: 'city_unknown' });
    const row = await rowOf(m.user.profile.id);
    expect(row).toMatchObject({ city: 'Haarlem', aboutMe: 'Loves hiking and good coffee.' });
  });

  it('refuses a known city moved to a country that does not have it', async () => {
    const m = await buildMember(t);
    await save(m.cookie, valid);
    const res = await save(m.cookie, { ...valid, country: 'DE', region_code: 'BY' });
    expect(res.error).toMatchObject({ error: 'city_unknown' });
    expect(await rowOf(m.user.profile.id)).toMatchObject({ country: 'NL', city: 'Haarlem' });
  });

  it("stores the dataset's spelling of a city typed without case or accents", async () => {
    const m = await buildMember(t);
    const res = await save(m.cookie, { ...valid, country: 'PL', region_code: '12', city: 'krakow' });
    expect(res.status).toBe(200);
    expect(await rowOf(m.user.profile.id)).toMatchObject({ country: 'PL', city: 'Kraków' });
    await save(m.cookie, { ...valid, country: 'PL', region_code: '10', city: 'lodz' });
    expect((await rowOf(m.user.profile.id)).city).toBe('Łódź');
  });

  it('keeps an unchanged legacy city, so its member can still save other fields', async () => {
    const m = await buildMember(t);
    const db = t.services.database.db;
    await db.update(profiles).set({ country: 'NL', city: 'Nowhereville' }).where(eq(profiles.id, m.user.profile.id));
    const res = await save(m.cookie, { ...valid, city: 'Nowhereville', about_me: 'Still here' });
    expect(res.status).toBe(200);
    // Unknown to the dataset: no centre, so no distance is shown.
    expect(await rowOf(m.user.profile.id)).toMatchObject({ city: 'Nowhereville', aboutMe: 'Still here', lat: null });
  });

  it('applies the same rule to the basics asked on complete-signup', async () => {
    const m = await buildMember(t);
    await expect(
      t.services.profileBasics.save(m.user.id, { country: 'NL', region_code: 'NH', city: 'Nowhereville' }),
    ).rejects.toMatchObject({ code: 'city_unknown' });
    await t.services.profileBasics.save(m.user.id, { country: 'NL', region_code: 'NH', city: ' haarlem ' });
    expect((await rowOf(m.user.profile.id)).city).toBe('Haarlem');
  });
});

describe('the owner’s view of their own profile', () => {
  it('shows members their own profile while hidden from others, saying why', async () => {
    const m = await buildMember(t);
    const other = await buildMember(t);
    const id = m.user.profile.id;
    const asOwner = await t.services.profiles.profileView(id, '', { profileId: id, isPremium: false });
    expect(asOwner?.hidden_reason).toBe('not_active');
    expect(
      await t.services.profiles.profileView(id, '', { profileId: other.user.profile.id, isPremium: false }),
    ).toBeNull();
    await t.services.database.db.update(profiles).set({ status: 'active', invisible: true }).where(eq(profiles.id, id));
    expect((await t.services.profiles.profileView(id, '', { profileId: id, isPremium: false }))?.hidden_reason).toBe(
      'invisible',
    );
  });
});
