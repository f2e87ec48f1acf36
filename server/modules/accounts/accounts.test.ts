import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { creditLedger, loginAttempts, profiles, sites, users } from '#server/db/schema/index.ts';
import { buildMember, CLIENT, lastMail, linkIn, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor, type TCallExtras } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
  await t.services.database.db.update(sites).set({ signupCredits: 20 }).where(eq(sites.domain, 'localhost'));
  t.services.sites.invalidate();
});
afterAll(async () => {
  await t.close();
});

const signup = (form: Record<string, unknown>, extras?: TCallExtras) =>
  asVisitor(t.app).call(accountsApi.signup, form, extras);
const login = (email: string, password: string, extras?: TCallExtras) =>
  asVisitor(t.app).call(accountsApi.login, { email, password }, extras);
/** The `{ path, message }` issues of an invalid_request answer. */
const issuesOf = (res: { error?: { data?: unknown } }) => (res.error?.data as { issues: unknown[] }).issues;
const userCount = async () => (await t.services.database.db.select({ n: count() }).from(users))[0].n;

describe('signup', () => {
  it('creates an unconfirmed member with a disabled profile, signup credits in the ledger and an activation email in the member language; the member logs in', async () => {
    const form = signupForm({ tracking: { network: '{fb}', sub1: 'x', evil: 'y' } });
    const res = await signup(form, { cookies: { i18n_redirected: 'de' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: form.email });
    // Signup starts no session: the answer is the same for an address that has an account.
    expect(res.cookies).toEqual([]);
    const session = await login(form.email as string, form.password as string);
    const user = session.body.user!;
    expect(user).toMatchObject({
      status: 'not_confirmed',
      email_confirmed: false,
      credits: 20,
      paid_user: false,
      locale: 'de',
    });
    expect(user.profile).toMatchObject({ name: form.name, status: 'disabled', main_image: null });
    const cookie = session.cookies.find((c) => c.name === 'auth.session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 24 * 3600 });
    const me = await asMember(t.app, { 'auth.session': cookie.value }).call(accountsApi.current);
    expect(me.body.user?.id).toBe(user.id);
    const db = t.services.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row.tracking).toEqual({ network: 'fb', sub1: 'x' });
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger.map((l) => l.delta)).toEqual([20]);
    const mail = await lastMail(t, form.email as string);
    expect(mail?.kind).toBe('activation');
    expect(mail?.subject).toContain('Bestätige');
    expect(linkIn(mail!.text).pathname).toBe('/activate');
  });

  it.each([
    [{ name: 'same@example.com', email: 'same@example.com' }, 'name', 'validation.username_is_email'],
    [{ name: '@handle' }, 'name', 'validation.username_at'],
    [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'validation.dob_invalid'],
    [{ date_of_birth: '1990-02-31' }, 'date_of_birth', 'validation.dob_invalid'],
    [{ email: 'not-an-email' }, 'email', 'validation.email_invalid'],
    [{ password_confirmation: 'something else' }, 'password_confirmation', 'validation.passwords_differ'],
    [{ accept_terms: false }, 'accept_terms', 'validation.accept_terms'],
  ])('refuses %o with %s: %s, and creates nothing', async (overrides, path, message) => {
    const before = await userCount();
    const res = await signup(signupForm(overrides));
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
    expect(issuesOf(res)).toContainEqual({ path, message });
    expect(await userCount()).toBe(before);
  });

  it(`creates exactly one account for a concurrent double submit, each answered alike ${CONCURRENCY_PROOF}`, async () => {
    const form = signupForm();
    const results = await Promise.all([signup(form), signup(form), signup(form)]);
    expect(results.map((r) => [r.status, r.body])).toEqual(Array(3).fill([200, { email: form.email }]));
    const rows = await t.services.database.db
      .select()
      .from(users)
      .where(eq(users.email, form.email as string));
    expect(rows).toHaveLength(1);
  });

  describe('an address that already has an account (signup no longer tells who is a member)', () => {
    /** What a visitor sees of an answer: status, body, cookies and headers (but date, length, request id, nonce). */
    const visible = (res: Awaited<ReturnType<typeof signup>>) => {
      const per = ['date', 'content-length', 'x-request-id'];
      const headers = Object.fromEntries(
        Object.entries(res.headers)
          .filter(([k]) => !per.includes(k))
          .map(([k, v]) => [k, k === 'content-security-policy' ? String(v).replace(/'nonce-[^']+'/, 'nonce') : v]),
      );
      return { status: res.status, body: res.body, cookies: res.cookies, headers };
    };

    it('answers as for a new address, creates nothing and emails the owner in their language', async () => {
      const owner = await buildMember(t, {}, { cookie: 'i18n_redirected=nl' });
      const before = await userCount();
      const taken = (owner.form.email as string).toUpperCase();
      const fresh = signupForm();
      const [again, first] = [
        await signup(
          signupForm({
            email: taken,
            name: 'someone_else',
            password: 'velvet harbor quill 93',
            password_confirmation: 'velvet harbor quill 93',
          }),
        ),
        await signup(fresh),
      ];
      expect(visible(again)).toEqual({ ...visible(first), body: { email: taken.toLowerCase() } });
      expect(first.body).toEqual({ email: fresh.email });
      expect(again.cookies).toEqual([]);
      // One account more (the new address), none for the taken one; the owner's password still works, not the new one.
      expect(await userCount()).toBe(before + 1);
      expect((await login(owner.form.email, 'velvet harbor quill 93')).status).toBe(401);
      expect((await login(owner.form.email, owner.form.password)).status).toBe(200);
      const mail = await lastMail(t, owner.form.email as string);
      expect(mail?.kind).toBe('signup_attempt');
      expect(mail?.subject).toBe('Iemand probeerde zich op Amora aan te melden met jouw e-mailadres');
      const links = mail!.text.match(/https?:\/\/\S+/g)!.map((u) => new URL(u).pathname);
      expect(links).toEqual(expect.arrayContaining(['/login', '/reset-password']));
      expect(mail!.text).not.toMatch(/token=/);
    });

    it('uses up the ids a new account would (ids show in profile addresses), and writes nothing', async () => {
      const owner = await buildMember(t);
      const idsOf = async (email: string) =>
        (
          await t.services.database.db
            .select({ id: users.id, profileId: users.profileId })
            .from(users)
            .where(eq(users.email, email))
        )[0];
      const [a, b] = [signupForm(), signupForm()];
      expect((await signup(a)).status).toBe(200);
      const before = await userCount();
      expect((await signup(signupForm({ email: owner.form.email }))).status).toBe(200);
      expect(await userCount()).toBe(before);
      expect((await signup(b)).status).toBe(200);
      const [first, second] = [await idsOf(a.email as string), await idsOf(b.email as string)];
      expect(second.id - first.id).toBe(2);
      expect(second.profileId - first.profileId).toBe(2);
    });

    it('a deleted account is answered alike; its owner gets the notice (logging in offers reactivation)', async () => {
      const m = await buildMember(t);
      const del = await asMember(t.app, m.cookie).call(accountChangesApi.deleteAccount, {
        password: m.form.password,
        reason: 'other',
      });
      expect(del.status).toBe(204);
      const again = await signup(signupForm({ email: m.form.email }));
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ email: m.form.email });
      expect((await lastMail(t, m.form.email as string))?.kind).toBe('signup_attempt');
    });
  });

  it('follows the signups setting: invite only without a traffic source, closed otherwise', async () => {
    const db = t.services.database.db;
    const setSignups = async (value: string) => {
      await db.update(sites).set({ signups: value }).where(eq(sites.domain, 'localhost'));
      t.services.sites.invalidate();
    };
    await setSignups('with_trafficsource');
    expect((await signup(signupForm())).error?.error).toBe('invite_only');
    expect((await signup(signupForm({ tracking: { network: 'ads' } }))).status).toBe(200);
    await setSignups('none');
    expect((await signup(signupForm({ tracking: { network: 'ads' } }))).error?.error).toBe('signups_closed');
    await setSignups('all');
  });
});

describe('activation', () => {
  // Through the link's page (GET shows, POST activates): server/modules/accounts/email-links.test.ts.
  it('confirms the email once; the link cannot be reused', async () => {
    const { form, user } = await buildMember(t);
    const token = linkIn((await lastMail(t, form.email as string))!.text).searchParams.get('token')!;
    expect(await t.services.accounts.isActivationLinkLive(token)).toBe(true);
    expect(await t.services.accounts.activate(token)).toBe(user.id);
    const db = t.services.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ emailConfirmed: true, status: 'active' });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(profile.status).toBe('active');
    expect(await t.services.accounts.isActivationLinkLive(token)).toBe(false);
    // A second click on the used link tells the active member so.
    expect(await t.services.accounts.isActivationLinkUsedByActiveAccount(token)).toBe(true);
    await expect(t.services.accounts.activate(token)).rejects.toMatchObject({ code: 'already_active' });
    await expect(t.services.accounts.activate('forged')).rejects.toMatchObject({ code: 'link_invalid' });
    await expect(t.services.accounts.activate('')).rejects.toMatchObject({ code: 'link_invalid' });
  });

  it('expires activation links after 7 days', async () => {
    const { form } = await buildMember(t);
    const token = linkIn((await lastMail(t, form.email as string))!.text).searchParams.get('token')!;
    const saved = clock;
    clock = new Date(saved.getTime() + 169 * 3_600_000);
    try {
      expect(await t.services.accounts.isActivationLinkLive(token)).toBe(false);
      await expect(t.services.accounts.activate(token)).rejects.toMatchObject({ code: 'link_invalid' });
    } finally {
      clock = saved;
    }
  });

  it('no longer answers the link outside the page router: GET /activate changes nothing by itself', async () => {
    const { form, user } = await buildMember(t);
    const link = linkIn((await lastMail(t, form.email as string))!.text);
    await t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: 'localhost' } });
    const [row] = await t.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.emailConfirmed).toBe(false);
  });
});

describe('login and sessions', () => {
  it('logs in, rotates the session and ends it on logout', async () => {
    const { form, cookie: signupCookie } = await buildMember(t);
    const res = await login(form.email as string, form.password as string, { cookies: signupCookie });
    expect(res.status).toBe(200);
    const fresh = res.cookies.find((c) => c.name === 'auth.session')!.value;
    expect(fresh).not.toBe(signupCookie['auth.session']);
    const old = await asMember(t.app, signupCookie).call(accountsApi.current);
    expect(old.status).toBe(403);
    expect(old.error?.error).toBe('authentication_required');
    const out = await asMember(t.app, { 'auth.session': fresh }).call(accountsApi.logout);
    expect(out.status).toBe(204);
    const after = await asMember(t.app, { 'auth.session': fresh }).call(accountsApi.current);
    expect(after.status).toBe(403);
  });

  it('answers unknown email and wrong password identically, in similar time', async () => {
    const { form } = await buildMember(t);
    const timed = async (email: string) => {
      const start = performance.now();
      const res = await login(email, 'wrong password 1', { remoteAddress: '10.1.1.1' });
      return { res, ms: performance.now() - start };
    };
    // Interleaved pairs and medians: a load spike on a busy machine hits both kinds alike and one outlier counts
    // for nothing (4 wrong passwords stay below the account's lockout of 5).
    const unknown: Awaited<ReturnType<typeof timed>>[] = [];
    const wrong: Awaited<ReturnType<typeof timed>>[] = [];
    for (let i = 0; i < 4; i++) {
      unknown.push(await timed(`nobody${i}@example.com`));
      wrong.push(await timed(form.email as string));
    }
    expect(unknown[0].res.status).toBe(401);
    expect(wrong[0].res.status).toBe(401);
    expect(unknown[0].res.error).toEqual(wrong[0].res.error);
    expect(wrong[0].res.error?.message).toBe('Login failed, please try again');
    const median = (xs: { ms: number }[]) => {
      const sorted = xs.map((x) => x.ms).sort((p, q) => p - q);
      return (sorted[1] + sorted[2]) / 2;
    };
    const [a, b] = [median(unknown), median(wrong)];
    expect(Math.abs(a - b) / Math.max(a, b)).toBeLessThan(0.6);
  });

  it('blocks an account after 5 failures for 15 minutes, even with the right password', async () => {
    const { form } = await buildMember(t);
    for (let i = 0; i < 5; i++) expect((await login(form.email, `wrong-${i}-password`)).status).toBe(401);
    const blocked = await login(form.email as string, form.password as string);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toMatchObject({ error: 'login_blocked', data: { minutes: 15 } });
    expect(blocked.error?.message).toBe(
      'Too many incorrect attempts, account blocked for {{minutes}} min.'.replace('{{minutes}}', '15'),
    );
    const saved = clock;
    clock = new Date(saved.getTime() + 10 * 60_000);
    expect((await login(form.email, form.password)).error?.data).toMatchObject({ minutes: 5 });
    clock = new Date(saved.getTime() + 15 * 60_000 + 1000);
    expect((await login(form.email, form.password)).status).toBe(200);
    clock = saved;
  });

  // What counts is the run on PostgreSQL (DATABASE_URL): there the 20 logins run on parallel connections. On PGlite
  // (one connection) the same code runs, but the database serialises the statements anyway.
  it(`verifies at most 5 of 20 parallel wrong passwords for one account; the others are blocked unverified ${CONCURRENCY_PROOF}`, async () => {
    const { form } = await buildMember(t);
    const saved = clock;
    clock = new Date(saved.getTime() + 86_400_000);
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(form.email as string, `wrong guess ${i}`, { remoteAddress: '10.6.6.6' }),
        ),
      );
      const codes = results.map((r) => r.error?.error);
      expect(codes.filter((c) => c === 'login_failed')).toHaveLength(5);
      expect(codes.filter((c) => c === 'login_blocked')).toHaveLength(15);
      const attempts = await t.services.database.db
        .select({ n: count() })
        .from(loginAttempts)
        .where(and(eq(loginAttempts.email, form.email as string), eq(loginAttempts.success, false)));
      expect(attempts[0].n).toBe(5);
    } finally {
      clock = saved;
    }
  });

  it('blocks an IP after 30 failures across accounts', async () => {
    const saved = clock;
    clock = new Date(saved.getTime() + 3_600_000);
    for (let i = 0; i < 30; i++) await login(`spray${i}@example.com`, 'password-guess', { remoteAddress: '10.2.2.2' });
    const res = await login('spray-last@example.com', 'password-guess', { remoteAddress: '10.2.2.2' });
    expect(res.error?.error).toBe('login_blocked');
    const other = await login('spray-last@example.com', 'password-guess', { remoteAddress: '10.3.3.3' });
    expect(other.error?.error).toBe('login_failed');
    clock = saved;
  });
});

describe('cross-site protection and access', () => {
  it('rejects a cross-site login and a logout without our client header', async () => {
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { origin: 'https://evil.example', host: 'localhost' },
      payload: { email: 'a@example.com', password: 'x' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().error).toBe('origin_rejected');
    const { cookie } = await buildMember(t);
    const logout = await t.app.inject({ url: '/api/logout.php', headers: { host: 'localhost' }, cookies: cookie });
    expect(logout.statusCode).toBe(403);
    const stillIn = await asMember(t.app, cookie).call(accountsApi.current);
    expect(stillIn.status).toBe(200);
  });

  it('changes the language of a logged-in member only', async () => {
    const anonymous = await asVisitor(t.app).call(accountsApi.setLanguage, { language: 'nl' });
    expect(anonymous.error?.error).toBe('authentication_required');
    const { cookie } = await buildMember(t);
    const res = await asMember(t.app, cookie).call(accountsApi.setLanguage, { language: 'nl' });
    expect(res.body.user?.locale).toBe('nl');
    // A language we do not have: a body the typed client cannot send.
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/user.php',
      headers: CLIENT,
      cookies: cookie,
      payload: { language: 'xx' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('member signup', () => {
  it('keeps the member and the first message written at signup, and ignores an unknown member', async () => {
    const db = t.services.database.db;
    const [target] = await db
      .insert(profiles)
      .values({
        name: 'target',
        gender: 'female',
        sexuality: 'hetero',
        birthDate: '1990-01-01',
        country: 'NL',
        locale: 'nl',
      })
      .returning({ id: profiles.id });
    const withMember = await signup(
      signupForm({ member_id: target.id, signup_message: '  Hoi! Zin in een praatje?  ' }),
    );
    expect(withMember.status).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.email, withMember.body.email));
    expect(row).toMatchObject({ signupMemberId: target.id, signupMessage: 'Hoi! Zin in een praatje?' });
    const unknown = await signup(signupForm({ member_id: 999_999, signup_message: 'hello' }));
    const [other] = await db.select().from(users).where(eq(users.email, unknown.body.email));
    expect(other).toMatchObject({ signupMemberId: null, signupMessage: null });
  });
});
