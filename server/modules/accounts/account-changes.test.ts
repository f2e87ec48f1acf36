import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpoint, TEndpointInput } from '#common/endpoint.ts';
import type { TErrorBody } from '#common/errors.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { accountTokens, jobs, profiles, users } from '#server/db/schema/index.ts';
import { buildMember, lastMail, linkIn } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { CONCURRENCY_PROOF } from '#server/test/concurrency.ts';

let t: TTestApp;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await t.close();
});

type TCookie = Record<string, string>;
const tokenOf = (mailText: string) => linkIn(mailText).searchParams.get('token')!;
const login = (email: string, password: string) => asVisitor(t.app).call(accountsApi.login, { email, password });
/** The logged-in member's account (403 once the session has ended). */
const current = (cookie: TCookie) => asMember(t.app, cookie).call(accountsApi.current);
const resetPassword = (input: TEndpointInput<typeof accountChangesApi.resetPassword>) =>
  asVisitor(t.app).call(accountChangesApi.resetPassword, input);
const changePassword = (cookie: TCookie, input: TEndpointInput<typeof accountChangesApi.changePassword>) =>
  asMember(t.app, cookie).call(accountChangesApi.changePassword, input);
const requestMailChange = (cookie: TCookie, input: TEndpointInput<typeof accountChangesApi.requestMailChange>) =>
  asMember(t.app, cookie).call(accountChangesApi.requestMailChange, input);
const deleteAccount = (cookie: TCookie, password: string, reason: string) =>
  asMember(t.app, cookie).call(accountChangesApi.deleteAccount, { password, reason });
/** The `{ path, message }` issues of an invalid_request answer. */
const issuesOf = (res: { error?: TErrorBody }) => (res.error?.data as { issues: { message: string }[] }).issues;
/** The default site and the origin of its links, for calls of the service a link's page makes. */
const site = () => t.services.sites.resolve('localhost');
const ORIGIN = 'http://localhost';
/** Asks for a reset email and runs the job loop once (it looks the address up; nothing runs after the answer). */
const askReset = async (email: string) => {
  const res = await asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email });
  await t.services.runJobs();
  await t.services.settleJobs();
  return res;
};

/** Makes every `op` on `table` for one account fail inside the database (a fault in the middle of a change). */
async function withFault(
  table: 'sessions' | 'users',
  op: 'DELETE' | 'UPDATE',
  userId: number,
  work: () => Promise<void>,
) {
  const db = t.services.database.db;
  const column = table === 'users' ? 'id' : 'user_id';
  await db.execute(
    sql.raw(`create or replace function test_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_fault before ${op} on ${table} for each row
      when (old.${column} = ${Number(userId)}) execute function test_fault()`),
  );
  try {
    await work();
  } finally {
    await db.execute(sql.raw(`drop trigger test_fault on ${table}`));
  }
}

describe('password reset', () => {
  it('emails a single-use link that never appears in a response, sets the password and ends other sessions', async () => {
    const { form, cookie } = await buildMember(t);
    // Who is a member never leaks: an unknown address gets the same answer (reset-privacy.test.ts measures the time).
    const unknown = await askReset('nobody@example.com');
    expect(unknown.status).toBe(204);
    expect(unknown.body).toBeNull();
    const res = await askReset(form.email);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    const mail = await lastMail(t, form.email as string);
    expect(mail?.kind).toBe('reset');
    const token = linkIn(mail!.text).searchParams.get('token')!;
    const done = await resetPassword({
      token,
      password: 'brand new secret',
      password_confirmation: 'brand new secret',
    });
    expect(done.status).toBe(200);
    expect(JSON.stringify(done.body)).not.toContain(token);
    expect((await current(cookie)).status).toBe(403);
    expect((await login(form.email, 'brand new secret')).status).toBe(200);
    const reuse = await resetPassword({
      token,
      password: 'another secret!',
      password_confirmation: 'another secret!',
    });
    expect(reuse.error?.error).toBe('link_invalid');
  });

  it('consumes the link, sets the password and ends the sessions together: a fault in between changes nothing', async () => {
    const { form, cookie, user } = await buildMember(t);
    await askReset(form.email);
    const token = linkIn((await lastMail(t, form.email as string))!.text).searchParams.get('token')!;
    const body = { token, password: 'after the fault', password_confirmation: 'after the fault' };
    await withFault('sessions', 'DELETE', user.id, async () => {
      expect((await resetPassword(body)).status).toBe(500);
    });
    // Nothing happened: the old password and session still work, and the link is still usable.
    expect((await current(cookie)).status).toBe(200);
    expect((await login(form.email, form.password)).status).toBe(200);
    expect((await resetPassword(body)).status).toBe(200);
    expect((await current(cookie)).status).toBe(403);
  });

  it('sends 3 reset emails a day; a fourth request gets the same answer and sends nothing (no membership leak)', async () => {
    const { form } = await buildMember(t);
    const resets = async () =>
      (await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(form.email as string)}` }))
        .json()
        .filter((m: { kind: string }) => m.kind === 'reset').length;
    for (let i = 0; i < 3; i++) expect((await askReset(form.email)).status).toBe(204);
    expect(await resets()).toBe(3);
    const fourth = await askReset(form.email);
    expect(fourth.status).toBe(204);
    expect(fourth.body).toBeNull();
    expect(await resets()).toBe(3);
  });

  it('refuses different passwords and an expired link', async () => {
    const { form } = await buildMember(t);
    await askReset(form.email);
    const token = linkIn((await lastMail(t, form.email as string))!.text).searchParams.get('token')!;
    const differ = await resetPassword({
      token,
      password: 'one password',
      password_confirmation: 'two password',
    });
    expect(issuesOf(differ)[0].message).toBe('validation.passwords_differ');
    const saved = clock;
    clock = new Date(saved.getTime() + 3 * 3_600_000);
    const late = await resetPassword({
      token,
      password: 'one password',
      password_confirmation: 'one password',
    });
    clock = saved;
    expect(late.error?.error).toBe('link_invalid');
  });
});

describe('password and email changes', () => {
  it('checks the old password, keeps this session and ends the others', async () => {
    const { form, cookie } = await buildMember(t);
    const other = await login(form.email as string, form.password as string);
    const otherCookie = { 'auth.session': other.cookies.find((c) => c.name === 'auth.session')!.value };
    const wrong = await changePassword(cookie, {
      old_password: 'nope nope',
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(wrong.error?.message).toBe('Please check your old password.');
    const oldPassword = form.password;
    const differ = await changePassword(cookie, {
      old_password: oldPassword,
      password: 'new password 1',
      password_confirmation: 'new password 2',
    });
    expect(issuesOf(differ)[0].message).toBe('validation.passwords_differ');
    const ok = await changePassword(cookie, {
      old_password: oldPassword,
      password: 'new password 1',
      password_confirmation: 'new password 1',
    });
    expect(ok.status).toBe(204);
    expect((await current(cookie)).status).toBe(200);
    expect((await current(otherCookie)).status).toBe(403);
  });

  it('changes the email only after the new address confirms it', async () => {
    const a = await buildMember(t);
    const b = await buildMember(t);
    const password = a.form.password;
    const invalid = await requestMailChange(a.cookie, { email: 'not an email', password });
    expect(invalid.error?.message).toBe('New email adress is invalid.');
    // A taken address answers like any other (account-takeover.test.ts compares the answers in full).
    const taken = await requestMailChange(a.cookie, { email: b.form.email, password });
    expect(taken.status).toBe(204);
    const target = `new-${Date.now()}@example.com`;
    expect((await requestMailChange(a.cookie, { email: target, password })).status).toBe(204);
    const [before] = await t.services.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(before.email).toBe(a.form.email);
    const link = linkIn((await lastMail(t, target))!.text);
    expect(link.pathname).toBe('/mail-change/do');
    await t.services.accountChanges.confirmEmailChange({
      site: await site(),
      origin: ORIGIN,
      token: link.searchParams.get('token')!,
    });
    expect((await login(target, a.form.password)).status).toBe(200);
  });

  it('answers email_taken only when the address was taken meanwhile, not for any other database failure', async () => {
    const a = await buildMember(t);
    const target = `contested-${Date.now()}@example.com`;
    await requestMailChange(a.cookie, { email: target, password: a.form.password });
    const token = linkIn((await lastMail(t, target))!.text).searchParams.get('token')!;
    const confirm = async () =>
      t.services.accountChanges.confirmEmailChange({ site: await site(), origin: ORIGIN, token });
    await withFault('users', 'UPDATE', a.user.id, async () => {
      const failure = await confirm().then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as { code?: string }).code).not.toBe('email_taken');
    });
    // Someone else signs up with the address before the link is opened again: now it is taken.
    await buildMember(t, { email: target });
    await expect(confirm()).rejects.toMatchObject({ code: 'email_taken' });
    const [row] = await t.services.database.db.select().from(users).where(eq(users.id, a.user.id));
    expect(row.email).toBe(a.form.email);
  });

  it('needs a login for every account change', async () => {
    const visitor = asVisitor(t.app);
    const attempts: [TEndpoint, () => Promise<{ error?: TErrorBody }>][] = [
      [
        accountChangesApi.changePassword,
        () =>
          visitor.call(accountChangesApi.changePassword, {
            old_password: 'x',
            password: 'x',
            password_confirmation: 'x',
          }),
      ],
      [
        accountChangesApi.requestMailChange,
        () => visitor.call(accountChangesApi.requestMailChange, { email: 'a@b.co', password: 'x' }),
      ],
      [accountChangesApi.setInvisible, () => visitor.call(accountChangesApi.setInvisible, { invisible: true })],
      [
        accountChangesApi.deleteAccount,
        () => visitor.call(accountChangesApi.deleteAccount, { password: 'x', reason: 'x' }),
      ],
    ];
    for (const [endpoint, attempt] of attempts) {
      expect((await attempt()).error?.error, endpoint.path).toBe('authentication_required');
    }
  });

  it('turns invisible mode on and off on the profile', async () => {
    const { cookie, user } = await buildMember(t);
    const on = await asMember(t.app, cookie).call(accountChangesApi.setInvisible, { invisible: true });
    expect(on.body.user?.invisible).toBe(true);
    const [p] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(p.invisible).toBe(true);
  });
});

describe('deletion, reactivation and purge', () => {
  it('deletes with the password, reactivates within 14 days by the emailed link', async () => {
    const { form, cookie, user } = await buildMember(t);
    const wrong = await deleteAccount(cookie, 'wrong one!', 'found_partner');
    expect(wrong.status).toBe(400);
    // Deleting asks for the current password: its own message, not "check your old password".
    expect(wrong.error?.error).toBe('password_wrong');
    const del = await deleteAccount(cookie, form.password, 'found_partner');
    expect(del.status).toBe(204);
    expect((await current(cookie)).status).toBe(403);
    const loginAgain = await login(form.email as string, form.password as string);
    expect(loginAgain.error?.message).toBe("You're account is still pending deletion");
    const mail = await lastMail(t, form.email as string);
    expect(mail?.kind).toBe('reactivation');
    // Signing up again is answered as for any address; the owner is told, and logging in offers reactivation.
    const signupAgain = await asVisitor(t.app).call(accountsApi.signup, { ...form });
    expect(signupAgain.status).toBe(200);
    expect(signupAgain.body).toEqual({ email: form.email });
    expect((await lastMail(t, form.email as string))?.kind).toBe('signup_attempt');
    const saved = clock;
    clock = new Date(saved.getTime() + 13 * 86_400_000);
    // Through the link's page (GET shows, POST reactivates, never a session): email-links.test.ts.
    expect(await t.services.accountChanges.reactivate(tokenOf(mail!.text))).toBe(user.id);
    const back = await login(form.email as string, form.password as string);
    expect(back.status).toBe(200);
    const session = back.cookies.find((c) => c.name === 'auth.session')!.value;
    const me = await current({ 'auth.session': session });
    expect(me.body.user?.id).toBe(user.id);
    expect(me.body.user?.status).toBe('not_confirmed');
    clock = new Date(saved.getTime() + 15 * 86_400_000);
    await t.services.runJobs();
    clock = saved;
    const [row] = await t.services.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row.status).toBe('not_confirmed');
    expect(row.email).toBe(form.email);
  });

  it('purges only a deletion that is itself 14 days old: delete day 0, reactivate day 1, delete again day 10', async () => {
    const { form, cookie, user } = await buildMember(t);
    const saved = clock;
    const day = (n: number) => new Date(saved.getTime() + n * 86_400_000 + 60_000);
    const db = t.services.database.db;
    const status = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0];
    try {
      await deleteAccount(cookie, form.password, 'other');
      clock = day(1);
      await t.services.accountChanges.reactivate(tokenOf((await lastMail(t, form.email as string))!.text));
      const back = await login(form.email as string, form.password as string);
      const session = { 'auth.session': back.cookies.find((c) => c.name === 'auth.session')!.value };
      clock = day(10);
      const again = await deleteAccount(session, form.password, 'other');
      expect(again.status).toBe(204);
      clock = day(14);
      await t.services.runJobs();
      expect(await status()).toMatchObject({ status: 'deleted', email: form.email });
      clock = day(23);
      await t.services.runJobs();
      expect((await status()).status).toBe('deleted');
      clock = day(24);
      await t.services.runJobs();
      expect(await status()).toMatchObject({ status: 'purged', email: `purged-${user.id}@invalid` });
    } finally {
      clock = saved;
    }
  });

  it('purges personal data 14 days after deletion', async () => {
    const { form, cookie, user } = await buildMember(t);
    await deleteAccount(cookie, form.password, 'other');
    const saved = clock;
    clock = new Date(saved.getTime() + 13 * 86_400_000);
    expect(await t.services.runJobs()).toBe(0);
    // The purge erases the emails sent to the address too (dev mailbox): read the link first.
    const token = tokenOf((await lastMail(t, form.email as string))!.text);
    clock = new Date(saved.getTime() + 14 * 86_400_000 + 60_000);
    expect(await t.services.runJobs()).toBeGreaterThanOrEqual(1);
    expect(await lastMail(t, form.email as string)).toBeUndefined();
    expect(await t.services.accountChanges.isReactivationLinkLive(token)).toBe(false);
    await expect(t.services.accountChanges.reactivate(token)).rejects.toMatchObject({ code: 'link_invalid' });
    clock = saved;
    const db = t.services.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ status: 'purged', email: `purged-${user.id}@invalid` });
    const [p] = await db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(p.name).toBe(''); // 'Deleted member' in the interface (purge.test.ts)
    expect((await login(form.email, form.password)).error?.error).toBe('login_failed');
  });
});

describe('retention offer', () => {
  it(`gives one personal code with the company's delete discount, even when claimed concurrently ${CONCURRENCY_PROOF}`, async () => {
    const { cookie } = await buildMember(t);
    const claim = (member?: TCookie) => asMember(t.app, member).call(accountChangesApi.claimRetentionOffer);
    const results = await Promise.all([1, 2, 3].map(() => claim(cookie)));
    const codes = new Set(results.map((r) => r.body.code));
    expect(codes.size).toBe(1);
    expect(results[0].body).toMatchObject({ value_percentage: 50 });
    expect(new Date(results[0].body.expires).getTime() - clock.getTime()).toBe(30 * 86_400_000);
    expect((await claim()).error?.error).toBe('authentication_required');
  });
});

describe('profile basics (complete-signup)', () => {
  it('saves a region of the chosen country and refuses one of another country', async () => {
    const { user } = await buildMember(t);
    await expect(
      t.services.profileBasics.save(user.id, { country: 'NL', region_code: 'BY', city: 'Utrecht' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await t.services.profileBasics.save(user.id, {
      country: 'nl',
      region_code: 'UT',
      city: ' Utrecht ',
      about_me: 'Hoi',
    });
    expect(await t.services.profileBasics.load(user.id)).toEqual({
      country: 'NL',
      regionCode: 'UT',
      city: 'Utrecht',
      aboutMe: 'Hoi',
      interests: [],
    });
  });
});

describe('per-account daily email caps hold under parallel requests', () => {
  const mailsOfKind = async (email: string, kind: string) =>
    (await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(email)}` }))
      .json()
      .filter((m: { kind: string }) => m.kind === kind).length;

  it(`10 reset requests for one address at once send exactly 3 reset emails ${CONCURRENCY_PROOF}`, async () => {
    const { form } = await buildMember(t);
    const { id, name, domain, mailName, supportEmail } = await site();
    const payload = { site: { id, name, domain, mailName, supportEmail }, email: form.email, origin: ORIGIN };
    // The jobs the requests become, run side by side (as several processes' job loops would).
    await Promise.all(Array.from({ length: 10 }, () => t.services.accountChanges.runResetRequest({ ...payload })));
    await t.services.settleJobs();
    expect(await mailsOfKind(form.email as string, 'reset')).toBe(3);
  });

  it(`10 activation email requests at once send exactly 5 activation emails a day ${CONCURRENCY_PROOF}`, async () => {
    const { form, cookie } = await buildMember(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => asMember(t.app, cookie).call(accountsApi.resendActivation)),
    );
    await t.services.settleJobs();
    // The signup's own activation email counts: 4 more, then 429.
    expect(answers.filter((a) => a.status === 204)).toHaveLength(4);
    expect(await mailsOfKind(form.email as string, 'activation')).toBe(5);
  });
});

describe('nothing runs after the answer to an address request, known address or not', () => {
  /** What the database holds after the answer: the request jobs (kind, due, payload keys), tokens and emails. */
  const traces = async (kind: string, userId: number | undefined, email: string) => {
    const rows = await t.services.database.db.select().from(jobs).where(eq(jobs.kind, kind));
    const pending = rows
      .filter((r) => r.doneAt === null && r.failedAt === null)
      .map((r) => ({ userId: r.userId, attempts: r.attempts, keys: Object.keys(r.payload).sort() }));
    const tokens = userId
      ? await t.services.database.db.select().from(accountTokens).where(eq(accountTokens.userId, userId))
      : [];
    const mails = (await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(email)}` })).json();
    return { pending, tokens: tokens.length, mails: mails.length };
  };

  it.each([
    {
      endpoint: accountChangesApi.requestPasswordReset,
      kind: 'password_reset_request',
      mailKind: 'reset',
      deleted: false,
    },
    {
      endpoint: accountChangesApi.requestReactivation,
      kind: 'reactivation_request',
      mailKind: 'reactivation',
      deleted: true,
    },
  ])(
    '$endpoint.path: the same single job is queued and left to the job loop, which then emails the member',
    async ({ endpoint, kind, mailKind, deleted }) => {
      await t.services.runJobs();
      const m = await buildMember(t);
      if (deleted) expect((await deleteAccount(m.cookie, m.form.password, 'x')).status).toBe(204);
      const email = m.form.email as string;
      const stranger = `stranger-${Date.now()}@example.com`;
      const before = await traces(kind, m.user.id, email);
      expect((await asVisitor(t.app).call(endpoint, { email })).status).toBe(204);
      // Whatever a request could have started in the background has ended by now.
      await t.services.settleJobs();
      const known = await traces(kind, m.user.id, email);
      expect(known).toEqual({ ...before, pending: [{ userId: null, attempts: 0, keys: ['email', 'origin', 'site'] }] });
      await t.services.runJobs();
      expect((await asVisitor(t.app).call(endpoint, { email: stranger })).status).toBe(204);
      await t.services.settleJobs();
      const unknown = await traces(kind, undefined, stranger);
      expect(unknown).toEqual({ pending: known.pending, tokens: 0, mails: 0 });
      // The job loop's next run does the lookup and emails the member; the stranger gets nothing.
      await t.services.runJobs();
      await t.services.settleJobs();
      expect((await lastMail(t, email))?.kind).toBe(mailKind);
      expect(await traces(kind, undefined, stranger)).toEqual({ pending: [], tokens: 0, mails: 0 });
    },
  );
});
