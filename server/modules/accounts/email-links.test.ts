import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_LINK_HOURS } from '#common/constants.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { chatApi } from '#common/wire/chat.ts';
import { accountTokens, profiles, sessions, users } from '#server/db/schema/index.ts';
import { serverT } from '#server/lib/i18n.ts';
import { hashToken } from '#server/lib/tokens.ts';
import { activeMember, buildMember, lastMail, linkIn, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// Every link an email carries (activation, password reset, email change, reactivation; complaint receipts carry none),
// through the server-rendered app (needs `npx react-router build`). Mail scanners fetch every link of an email before
// the member does, so opening a link (GET) only shows a page: nothing changes, no token is used up, no session cookie
// is sent. The page's button (a form POST) acts, and still starts no session.

let t: TTestApp;
let clock = new Date('2026-11-22T10:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ web: true, now: () => clock });
});
afterAll(async () => {
  await t.close();
});

const en = serverT('en');
const decode = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

/** Opens a link the way a mail scanner does: a GET without any cookie. */
const scan = (link: URL) => t.app.inject({ url: `${link.pathname}${link.search}`, headers: { host: 'localhost' } });

/** Presses a page's button: a form POST from our own page (a browser without JavaScript). */
const press = (
  link: URL,
  options: { cookies?: Record<string, string>; origin?: string; fields?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `${link.pathname}${link.search}`,
    headers: {
      host: 'localhost',
      origin: options.origin ?? 'http://localhost',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(options.fields ?? { token: link.searchParams.get('token') ?? '' }).toString(),
    cookies: options.cookies ?? {},
  });

/** Whether an answer sets the session cookie (any value, including a deletion). */
const setsSession = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie'] ?? []].flat().some((c) => String(c).startsWith('auth.session='));

/** The stored row of an emailed token (to see it was not used up). */
async function tokenRow(link: URL) {
  const [row] = await t.services.database.db
    .select()
    .from(accountTokens)
    .where(eq(accountTokens.tokenHash, hashToken(link.searchParams.get('token')!)));
  return row;
}

const userRow = async (id: number) => (await t.services.database.db.select().from(users).where(eq(users.id, id)))[0];

describe('activation link /activate?token=…', () => {
  it('GET without cookies shows "Confirm your e-mail address" and changes nothing; the button activates without a session', async () => {
    const { form, user } = await buildMember(t);
    const link = linkIn((await lastMail(t, form.email as string))!.text);
    expect(link.pathname).toBe('/activate');
    for (let i = 0; i < 2; i++) {
      const page = await scan(link);
      expect(page.statusCode).toBe(200);
      expect(setsSession(page)).toBe(false);
      expect(page.headers['cache-control']).toBe('no-store');
      const body = decode(page.body);
      expect(body).toContain(en('activate.confirm.title'));
      expect(body).toMatch(/<form [^>]*method="post"/);
      expect(body).toContain(`<button type="submit" class="btn btn-primary btn-lg">${en('activate.confirm.submit')}`);
    }
    expect(await userRow(user.id)).toMatchObject({ emailConfirmed: false, status: 'not_confirmed' });
    expect((await tokenRow(link)).usedAt).toBeNull();

    const done = await press(link);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/activate/done');
    expect(setsSession(done)).toBe(false);
    expect(await userRow(user.id)).toMatchObject({ emailConfirmed: true, status: 'active' });
    const [profile] = await t.services.database.db.select().from(profiles).where(eq(profiles.id, user.profile.id));
    expect(profile.status).toBe('active');

    // Used by the now active account: the page and the button both say it is active (a second click), not failed.
    expect((await scan(link)).headers.location).toBe('/activate/done?already=1');
    expect((await press(link)).headers.location).toBe('/activate/done?already=1');
    expect((await scan(new URL('http://localhost/activate?token=forged'))).headers.location).toBe(
      '/activate/error?reason=link_invalid',
    );
    expect((await scan(new URL('http://localhost/activate'))).headers.location).toBe(
      '/activate/error?reason=link_invalid',
    );
  });

  it('delivers the message written at signup on the POST, not on the GET', async () => {
    const target = await activeMember(t, {}, { credits: 0 });
    const form = signupForm({ member_id: target.user.profile.id, signup_message: 'Hej! Fika?' });
    expect((await asVisitor(t.app).call(accountsApi.signup, form)).status).toBe(200);
    const chats = async () => (await asMember(t.app, target.cookie).call(chatApi.list)).body;
    const link = linkIn((await lastMail(t, form.email))!.text);
    await scan(link);
    expect(await chats()).toEqual([]);
    await press(link);
    expect(await chats()).toHaveLength(1);
  });

  it('still opens after 6 days, expires after 7 without being used up by the page', async () => {
    const { form } = await buildMember(t);
    const link = linkIn((await lastMail(t, form.email as string))!.text);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + 167 * 3_600_000);
      expect((await scan(link)).statusCode).toBe(200);
      clock = new Date(saved.getTime() + 169 * 3_600_000);
      expect((await scan(link)).headers.location).toBe('/activate/error?reason=link_invalid');
      expect((await press(link)).headers.location).toBe('/activate/error?reason=link_invalid');
    } finally {
      clock = saved;
    }
  });

  it('refuses a POST from another site (origin check) and changes nothing', async () => {
    const { form, user } = await buildMember(t);
    const link = linkIn((await lastMail(t, form.email as string))!.text);
    const res = await press(link, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(400);
    expect(await userRow(user.id)).toMatchObject({ emailConfirmed: false });
    expect((await tokenRow(link)).usedAt).toBeNull();
  });
});

describe('reactivation link /reactivate?token=…', () => {
  /** A member who deleted the account; returns the member and the emailed link. */
  async function deletedMember() {
    const m = await buildMember(t);
    const del = await asMember(t.app, m.cookie).call(accountChangesApi.deleteAccount, {
      password: m.form.password,
      reason: 'other',
    });
    expect(del.status).toBe(204);
    const mail = await lastMail(t, m.form.email as string);
    expect(mail?.kind).toBe('reactivation');
    return { ...m, link: linkIn(mail!.text) };
  }

  it('GET without cookies shows "Reactivate your account" and changes nothing; the button restores without a session', async () => {
    const { form, user, link } = await deletedMember();
    expect(link.pathname).toBe('/reactivate');
    for (let i = 0; i < 2; i++) {
      const page = await scan(link);
      expect(page.statusCode).toBe(200);
      expect(setsSession(page)).toBe(false);
      const body = decode(page.body);
      expect(body).toContain(en('reactivate.title'));
      expect(body).toContain(`<button type="submit" class="btn btn-primary btn-lg">${en('reactivate.submit')}`);
    }
    expect((await userRow(user.id)).status).toBe('deleted');
    expect((await tokenRow(link)).usedAt).toBeNull();

    const back = await press(link);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/login?reactivated=1');
    expect(setsSession(back)).toBe(false);
    expect((await userRow(user.id)).status).toBe('not_confirmed');

    // The member logs in themselves; the login page says why they are there.
    const login = await scan(new URL('http://localhost/login?reactivated=1'));
    expect(decode(login.body)).toContain(en('auth.login.reactivated'));
    const res = await asVisitor(t.app).call(accountsApi.login, {
      email: form.email,
      password: form.password,
    });
    expect(res.status).toBe(200);
    expect((await press(link)).headers.location).toBe('/activate/error?reason=link_invalid');
    expect((await scan(link)).headers.location).toBe('/activate/error?reason=link_invalid');
  });

  it('starts no session even when the button is pressed in a browser logged in as someone else', async () => {
    const other = await buildMember(t);
    const { user, link } = await deletedMember();
    const back = await press(link, { cookies: other.cookie });
    expect(back.headers.location).toBe('/login?reactivated=1');
    expect(setsSession(back)).toBe(false);
    expect((await userRow(user.id)).status).toBe('not_confirmed');
  });

  it('refuses a POST from another site (origin check) and changes nothing', async () => {
    const { user, link } = await deletedMember();
    expect((await press(link, { origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await userRow(user.id)).status).toBe('deleted');
    expect((await tokenRow(link)).usedAt).toBeNull();
  });
});

describe('email change link /mail-change/do?token=…', () => {
  async function requested() {
    const m = await buildMember(t);
    const target = `moved-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
    const res = await asMember(t.app, m.cookie).call(accountChangesApi.requestMailChange, {
      email: target,
      password: m.form.password,
    });
    expect(res.status).toBe(204);
    return { ...m, target, link: linkIn((await lastMail(t, target))!.text) };
  }

  it('GET without cookies shows the new address and changes nothing; the button changes it without a session', async () => {
    const { form, user, target, link } = await requested();
    expect(link.pathname).toBe('/mail-change/do');
    for (let i = 0; i < 2; i++) {
      const page = await scan(link);
      expect(page.statusCode).toBe(200);
      expect(setsSession(page)).toBe(false);
      expect(page.headers['cache-control']).toBe('no-store');
      const body = decode(page.body);
      expect(body).toContain(en('settings.email_confirm_text', { email: target }));
      expect(body).toContain(
        `<button type="submit" class="btn btn-primary btn-lg">${en('settings.email_confirm_submit')}`,
      );
    }
    expect((await userRow(user.id)).email).toBe(form.email);
    expect((await tokenRow(link)).usedAt).toBeNull();

    const done = await press(link);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/mail-change/do?changed=1');
    expect(setsSession(done)).toBe(false);
    expect((await userRow(user.id)).email).toBe(target);
    expect(decode((await scan(new URL(`http://localhost${done.headers.location}`))).body)).toContain(
      en('settings.email_changed'),
    );

    const again = await scan(link);
    expect(again.statusCode).toBe(400);
    expect(decode(again.body)).toContain(en('errors.link_invalid'));
    expect(decode(again.body)).not.toContain(en('settings.email_confirm_submit'));
  });

  it('refuses a POST from another site (origin check) and changes nothing', async () => {
    const { form, user, link } = await requested();
    expect((await press(link, { origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await userRow(user.id)).email).toBe(form.email);
    expect((await tokenRow(link)).usedAt).toBeNull();
  });

  it('the undo link sent to the old address: GET shows it and changes nothing; the button restores the address and ends every session', async () => {
    const { form, user, link, cookie } = await requested();
    expect((await press(link)).statusCode).toBe(302);
    const told = (await lastMail(t, form.email as string))!;
    expect(told.kind).toBe('email_changed');
    const undo = linkIn(told.text);
    expect(undo.pathname).toBe('/mail-change/undo');
    const moved = (await userRow(user.id)).email;
    for (let i = 0; i < 2; i++) {
      const page = await scan(undo);
      expect(page.statusCode).toBe(200);
      expect(setsSession(page)).toBe(false);
      expect(page.headers['cache-control']).toBe('no-store');
      const body = decode(page.body);
      expect(body).toContain(en('mail_undo.text', { email: form.email }));
      expect(body).toContain(`<button type="submit" class="btn btn-primary btn-lg">${en('mail_undo.submit')}`);
    }
    expect((await userRow(user.id)).email).toBe(moved);
    expect((await tokenRow(undo)).usedAt).toBeNull();
    expect((await press(undo, { origin: 'https://evil.example' })).statusCode).toBe(400);
    expect((await userRow(user.id)).email).toBe(moved);

    const done = await press(undo, { cookies: cookie });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/mail-change/undo?undone=1');
    expect(setsSession(done)).toBe(false);
    expect((await userRow(user.id)).email).toBe(form.email);
    const sessionsLeft = await t.services.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(sessionsLeft).toEqual([]);
    const donePage = decode((await scan(new URL(`http://localhost${done.headers.location}`))).body);
    expect(donePage).toContain(en('mail_undo.done'));
    expect(donePage).toContain('href="/reset-password"');
    const again = await scan(undo);
    expect(again.statusCode).toBe(400);
    expect(decode(again.body)).toContain(en('errors.link_invalid'));
  });
});

describe('password reset link /reset-password/do?token=…', () => {
  it('GET without cookies only shows the form: no token used, no session', async () => {
    const { form, user } = await buildMember(t);
    const asked = await asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email: form.email });
    expect(asked.status).toBe(204);
    // The reset email goes out from a job the job loop runs (who is a member never leaks).
    await t.services.runJobs();
    await t.services.settleJobs();
    const link = linkIn((await lastMail(t, form.email as string))!.text);
    expect(link.pathname).toBe('/reset-password/do');
    const before = (await userRow(user.id)).passwordHash;
    for (let i = 0; i < 2; i++) {
      const page = await scan(link);
      expect(page.statusCode).toBe(200);
      expect(setsSession(page)).toBe(false);
      expect(decode(page.body)).toContain(en('reset.save'));
    }
    expect((await userRow(user.id)).passwordHash).toBe(before);
    const live = await t.services.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, user.id), eq(accountTokens.kind, 'reset')));
    expect(live.map((r) => r.usedAt)).toEqual([null]);

    // The form's POST sets the password (and, being the member's own new password, logs in).
    const done = await press(link, {
      fields: {
        token: link.searchParams.get('token')!,
        password: 'a fresh password',
        password_confirmation: 'a fresh password',
      },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/settings?password_reset=1');
    expect((await userRow(user.id)).passwordHash).not.toBe(before);
  });

  /** Asks for a reset link through the API and returns it once its email went out. */
  async function resetLink(email: string) {
    const asked = await asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email });
    expect(asked.status).toBe(204);
    await t.services.runJobs();
    await t.services.settleJobs();
    return linkIn((await lastMail(t, email))!.text);
  }

  /** The invalid-link page: says so, offers a new link, and has no password form. */
  function expectInvalidLinkPage(page: { statusCode: number; body: string; headers: Record<string, unknown> }) {
    expect(page.statusCode).toBe(400);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(setsSession(page)).toBe(false);
    const body = decode(page.body);
    expect(body).toContain(en('errors.link_invalid'));
    expect(body).toContain('href="/reset-password"');
    expect(body).not.toContain(en('reset.save'));
    expect(body).not.toContain('name="password"');
  }

  it('a used, expired or forged link shows the invalid-link page instead of the form', async () => {
    const { form } = await buildMember(t);
    const link = await resetLink(form.email as string);
    const page = await scan(link);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(decode(page.body)).toContain(en('reset.save'));
    // Checking the link on the GET uses nothing up.
    expect((await tokenRow(link)).usedAt).toBeNull();

    const fresh = 'another fresh password';
    const fields = { token: link.searchParams.get('token')!, password: fresh, password_confirmation: fresh };
    expect((await press(link, { fields })).statusCode).toBe(302);
    expectInvalidLinkPage(await scan(link));
    // The form posted again with the used token says the same.
    const again = await press(link, { fields });
    expect(again.statusCode).toBe(400);
    expect(decode(again.body)).toContain(en('errors.link_invalid'));

    expectInvalidLinkPage(await scan(new URL('http://localhost/reset-password/do?token=forged')));
    expectInvalidLinkPage(await scan(new URL('http://localhost/reset-password/do')));
  });

  it('an expired link shows the invalid-link page; until then the page opens and leaves the link unused', async () => {
    const { form } = await buildMember(t);
    const link = await resetLink(form.email as string);
    const saved = clock;
    try {
      clock = new Date(saved.getTime() + RESET_LINK_HOURS * 3_600_000 - 60_000);
      expect((await scan(link)).statusCode).toBe(200);
      expect((await tokenRow(link)).usedAt).toBeNull();
      clock = new Date(saved.getTime() + RESET_LINK_HOURS * 3_600_000 + 60_000);
      expectInvalidLinkPage(await scan(link));
      expect((await tokenRow(link)).usedAt).toBeNull();
    } finally {
      clock = saved;
    }
  });
});
