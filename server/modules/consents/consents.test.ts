import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_VERSION, TERMS_VERSION } from '#common/consents.ts';
import type { TEndpointInput } from '#common/endpoint.ts';
import type { TErrorBody } from '#common/errors.ts';
import { accountsApi } from '#common/wire/accounts.ts';
import { consentsApi } from '#common/wire/consents.ts';
import { profilesApi, type TProfileUpdate } from '#common/wire/profiles.ts';
import { consents, profiles } from '#server/db/schema/index.ts';
import { activeMember, buildMember, CLIENT, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const db = () => t.services.database.db;
const rowsOf = (userId: number) => db().select().from(consents).where(eq(consents.userId, userId));
const profileOf = async (profileId: number) =>
  (await db().select().from(profiles).where(eq(profiles.id, profileId)))[0];
type TCookie = Record<string, string>;
const post = (cookie: TCookie, input: TEndpointInput<typeof consentsApi.change>) =>
  asMember(t.app, cookie).call(consentsApi.change, input);
/** The `{ path, message }` issues of an invalid_request answer. */
const issuesOf = (res: { error?: TErrorBody }) => (res.error?.data as { issues: unknown[] }).issues;

describe('signup consents', () => {
  it('without the orientation consent stores no orientation and records terms and privacy only', async () => {
    const m = await buildMember(t, { gender: 'male', looking_for: 'male', orientation_consent: false });
    const profile = await profileOf(m.user.profile.id);
    expect(profile.sexuality).toBeNull();
    expect(profile.showSexuality).toBe(false);
    expect(profile.niches).toEqual([1]);
    const rows = await rowsOf(m.user.id);
    expect(rows.map((r) => r.kind).sort()).toEqual(['privacy', 'terms']);
    expect(rows.find((r) => r.kind === 'terms')).toMatchObject({
      version: TERMS_VERSION,
      locale: 'en',
      ipPrefix: '127.0.0.0/24',
      withdrawnAt: null,
    });
    expect(rows.find((r) => r.kind === 'privacy')).toMatchObject({ version: PRIVACY_VERSION, locale: 'en' });
  });

  it('leaving the field out is the same as not consenting (the spec’s signup body stays valid)', async () => {
    // An undefined field is left out of the JSON body.
    const { user } = await buildMember(t, { gender: 'female', looking_for: 'female', orientation_consent: undefined });
    const profile = await profileOf(user.profile.id);
    expect(profile.sexuality).toBeNull();
    expect(profile.niches).toEqual([1]);
  });

  it('with the orientation consent derives the orientation and records the consent with the others', async () => {
    const m = await buildMember(t, { gender: 'male', looking_for: 'male', orientation_consent: true });
    const profile = await profileOf(m.user.profile.id);
    expect(profile.sexuality).toBe('gay');
    expect(profile.niches).toEqual([1, 7]);
    expect((await rowsOf(m.user.id)).map((r) => r.kind).sort()).toEqual(['orientation', 'privacy', 'terms']);
  });

  it('refuses a consent that is not a yes/no answer with a field issue', async () => {
    const res = await asVisitor(t.app).call(accountsApi.signup, signupForm({ orientation_consent: 'yes' }), {
      cookies: { i18n_redirected: 'de' },
    });
    expect(res.status).toBe(400);
    expect(res.error?.message).not.toBe('');
    expect(issuesOf(res)).toContainEqual({ path: 'orientation_consent', message: 'validation.choose_option' });
  });
});

describe('consents in settings (/api/consents.php)', () => {
  it('needs a login and our origin', async () => {
    expect((await asVisitor(t.app).call(consentsApi.state)).status).toBe(403);
    const m = await buildMember(t);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/consents.php',
      headers: { host: 'localhost', origin: 'https://evil.example' },
      cookies: m.cookie,
      payload: { kind: 'news', given: true },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await rowsOf(m.user.id)).some((r) => r.kind === 'news')).toBe(false);
  });

  it('withdrawing the orientation consent deletes the orientation, hides it and leaves the orientation niches', async () => {
    const m = await buildMember(t, { gender: 'female', looking_for: 'both', orientation_consent: true });
    await db().update(profiles).set({ showSexuality: true }).where(eq(profiles.id, m.user.profile.id));
    expect((await profileOf(m.user.profile.id)).niches).toEqual([1, 2]);
    const res = await post(m.cookie, { kind: 'orientation', given: false });
    expect(res.status).toBe(200);
    expect(res.body.orientation).toEqual({ given: false, given_at: null });
    const profile = await profileOf(m.user.profile.id);
    expect(profile).toMatchObject({ sexuality: null, showSexuality: false, niches: [1] });
    const [row] = await db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.user.id), eq(consents.kind, 'orientation')));
    expect(row.withdrawnAt).toBeInstanceOf(Date);

    // Given again: a new row; the orientation itself is then set by the member in their profile.
    const again = await post(m.cookie, { kind: 'orientation', given: true });
    expect(again.body.orientation.given).toBe(true);
    const kinds = (await rowsOf(m.user.id)).filter((r) => r.kind === 'orientation');
    expect(kinds).toHaveLength(2);
    expect(kinds.filter((r) => r.withdrawnAt === null)).toHaveLength(1);
  });

  it('marketing opt-ins are off until given and can be withdrawn', async () => {
    const m = await buildMember(t);
    const state = await asMember(t.app, m.cookie).call(consentsApi.state);
    expect(state.body).toMatchObject({ promotions: { given: false }, news: { given: false } });
    expect((await post(m.cookie, { kind: 'news', given: true })).body.news.given).toBe(true);
    expect((await post(m.cookie, { kind: 'news', given: true })).status).toBe(200);
    expect((await rowsOf(m.user.id)).filter((r) => r.kind === 'news')).toHaveLength(1);
    expect((await post(m.cookie, { kind: 'news', given: false })).body.news.given).toBe(false);
    // Terms are not withdrawn in settings: a kind the typed client cannot send.
    const terms = await t.app.inject({
      method: 'POST',
      url: '/api/consents.php',
      headers: CLIENT,
      cookies: m.cookie,
      payload: { kind: 'terms', given: false },
    });
    expect(terms.statusCode).toBe(400);
  });
});

describe('profile editing needs the orientation consent', () => {
  const profileBody = (change: Partial<TProfileUpdate>): TProfileUpdate => ({
    gender: 'male',
    hair_color: null,
    eye_color: null,
    body_type: null,
    relationship_status: null,
    tattoos: null,
    height_cm: null,
    about_me: '',
    interests: [],
    country: 'NL',
    region_code: 'NH',
    city: 'Haarlem',
    ...change,
  });
  const save = (cookie: TCookie, change: Partial<TProfileUpdate>) =>
    asMember(t.app, cookie).call(profilesApi.save, profileBody(change));

  it('refuses an orientation without consent, accepts it empty, and sets it and its visibility with consent', async () => {
    const without = await buildMember(t, { gender: 'male', looking_for: 'male', orientation_consent: false });
    const refused = await save(without.cookie, { sexuality: 'gay' });
    expect(refused.status).toBe(400);
    expect(issuesOf(refused)).toContainEqual({ path: 'sexuality', message: 'consent.orientation_required' });
    expect((await profileOf(without.user.profile.id)).sexuality).toBeNull();
    const empty = await save(without.cookie, { sexuality: null });
    expect(empty.status).toBe(200);
    expect(empty.body.profile).toMatchObject({ sexuality: null, orientation_consent: false, show_sexuality: false });

    const withConsent = await buildMember(t, { gender: 'male', looking_for: 'female', orientation_consent: true });
    const saved = await save(withConsent.cookie, { sexuality: 'bi', show_sexuality: true });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ sexuality: 'bi', show_sexuality: true, orientation_consent: true });
    expect((await profileOf(withConsent.user.profile.id)).niches).toEqual([1, 7]);
    // Left out: the stored orientation and its visibility stay as they are.
    const kept = await save(withConsent.cookie, {});
    expect(kept.body.profile).toMatchObject({ sexuality: 'bi', show_sexuality: true });
  });
});

describe('a new terms version', () => {
  const prompt = async (cookie: TCookie) => (await asMember(t.app, cookie).call(consentsApi.termsPrompt)).body;
  const accept = (cookie: TCookie, input: TEndpointInput<typeof consentsApi.acceptTerms>) =>
    asMember(t.app, cookie).call(consentsApi.acceptTerms, input);

  it('asks a member who accepted an older version, and records the new acceptance', async () => {
    const m = await activeMember(t);
    expect(await prompt(m.cookie)).toEqual({ prompt: null });
    await db().update(consents).set({ version: '2020-01-01' }).where(eq(consents.userId, m.user.id));
    expect(await prompt(m.cookie)).toEqual({ prompt: { terms: true, orientation: false } });
    expect((await accept(m.cookie, { accept: true })).status).toBe(204);
    expect(await prompt(m.cookie)).toEqual({ prompt: null });
    const terms = (await rowsOf(m.user.id)).filter((r) => r.kind === 'terms').map((r) => r.version);
    expect(terms.sort()).toEqual(['2020-01-01', TERMS_VERSION]);
  });

  it('asks an existing member with a stored orientation for the consent; declining deletes it', async () => {
    const m = await activeMember(t, { gender: 'male', looking_for: 'male' });
    // A member from before the consent record: no row at all, orientation stored.
    await db().delete(consents).where(eq(consents.userId, m.user.id));
    expect(await prompt(m.cookie)).toEqual({ prompt: { terms: true, orientation: true } });
    // Kept until answered.
    expect((await profileOf(m.user.profile.id)).sexuality).toBe('gay');
    const unanswered = await accept(m.cookie, { accept: true });
    expect(unanswered.status).toBe(400);
    expect(issuesOf(unanswered)).toContainEqual({ path: 'orientation', message: 'consent.answer_required' });
    expect((await accept(m.cookie, { accept: true, orientation: false })).status).toBe(204);
    expect(await profileOf(m.user.profile.id)).toMatchObject({ sexuality: null, niches: [1] });
    expect((await rowsOf(m.user.id)).map((r) => r.kind).sort()).toEqual(['privacy', 'terms']);
    expect(await prompt(m.cookie)).toEqual({ prompt: null });
  });

  it('an existing member who consents keeps their orientation', async () => {
    const m = await activeMember(t, { gender: 'female', looking_for: 'female' });
    await db().delete(consents).where(eq(consents.userId, m.user.id));
    expect((await accept(m.cookie, { accept: true, orientation: true })).status).toBe(204);
    expect((await profileOf(m.user.profile.id)).sexuality).toBe('lesbian');
    expect((await rowsOf(m.user.id)).map((r) => r.kind).sort()).toEqual(['orientation', 'privacy', 'terms']);
  });
});
