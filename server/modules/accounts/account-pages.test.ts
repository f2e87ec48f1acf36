import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEndpointInput } from '#common/endpoint.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';

// The account pages' form actions, through the server-rendered app (needs `npx react-router build`): they follow the
// same rules as their /api/*.php twins (items 7, 8 and 10).

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp({ web: true, env: { RATE_LIMITS: 'true' } });
});
afterAll(async () => {
  await t.close();
});

/** Posts a page form (a browser without JavaScript) from an IP. */
const postForm = (url: string, fields: Record<string, string>, ip: string, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip,
    cookies,
  });

/** The API twins of the forms, called from an IP. */
const signupFrom = (form: Record<string, unknown>, ip: string) =>
  asVisitor(t.app).call(accountsApi.signup, form, { remoteAddress: ip });
const loginFrom = (email: string, password: string, ip: string) =>
  asVisitor(t.app).call(accountsApi.login, { email, password }, { remoteAddress: ip });
const askResetFrom = (email: string, ip: string) =>
  asVisitor(t.app).call(accountChangesApi.requestPasswordReset, { email }, { remoteAddress: ip });
const resetFrom = (input: TEndpointInput<typeof accountChangesApi.resetPassword>, ip: string) =>
  asVisitor(t.app).call(accountChangesApi.resetPassword, input, { remoteAddress: ip });

const session = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'auth.session')?.value;

let signups = 0;
/** Signs a member up through the API, each from its own address (signups are limited per IP here). */
async function member() {
  signups += 1;
  const form = signupForm();
  const ip = `10.9.${Math.floor(signups / 250)}.${signups % 250}`;
  expect((await signupFrom(form, ip)).status).toBe(200);
  // Signup starts no session: the member logs in.
  const res = await loginFrom(form.email, form.password, ip);
  expect(res.status).toBe(200);
  return { form, cookie: { 'auth.session': session(res)! } };
}

describe('login page redirect (item 8)', () => {
  const HOSTILE: [string, string][] = [
    ['/%09/evil.example', '/members'],
    ['/%0d%0a//evil.example', '/members'],
    ['/%00//evil.example', '/members'],
    ['%00', '/members'],
    ['/%5C/evil.example', '/members'],
    ['%5C%5Cevil.example', '/members'],
    ['//evil.example', '/members'],
    ['https://evil.example', '/members'],
    ['javascript:alert(1)', '/members'],
    ['/.//evil.example', '/members'],
    ['%09//evil.example', '/members'],
    // Without its CR/LF this one is a harmless path of our own, and no header is injected.
    ['/%0D%0ASet-Cookie:%20a=1', '/Set-Cookie:%20a=1'],
  ];

  it.each(HOSTILE)('a logged-in visitor opening /login?redirect=%s stays on the site, never a 500', async (raw, to) => {
    const { cookie } = await member();
    const res = await t.app.inject({ url: `/login?redirect=${raw}`, headers: { host: 'localhost' }, cookies: cookie });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(to);
    expect(res.cookies.map((c) => c.name)).not.toContain('a');
  });

  it('after a form login, goes to a page of the site but never off it', async () => {
    const { form } = await member();
    const credentials = { email: form.email as string, password: form.password as string };
    const evil = await postForm('/login?redirect=/%09/evil.example', credentials, '10.8.1.1');
    expect(evil.statusCode).toBe(302);
    expect(evil.headers.location).toBe('/members');
    const crlf = await postForm('/login?redirect=/%0d%0a//evil.example', credentials, '10.8.1.1');
    expect(crlf.statusCode).toBe(302);
    expect(crlf.headers.location).toBe('/members');
    const own = await postForm(`/login?redirect=${encodeURIComponent('/chats?x=1')}`, credentials, '10.8.1.1');
    expect(own.headers.location).toBe('/chats?x=1');
  });
});

describe('login form (item 10)', () => {
  it('rotates the session like the API: the session the browser came with ends', async () => {
    const { form, cookie } = await member();
    const res = await postForm(
      '/login',
      { email: form.email as string, password: form.password as string },
      '10.8.2.1',
      cookie,
    );
    expect(res.statusCode).toBe(302);
    const fresh = session(res);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(cookie['auth.session']);
    const old = await asMember(t.app, cookie).call(accountsApi.current);
    expect(old.status).toBe(403);
    const now = await asMember(t.app, { 'auth.session': fresh! }).call(accountsApi.current);
    expect(now.status).toBe(200);
  });
});

describe('form actions share the per-IP limits of their API twins (item 7)', () => {
  it('login: after 20 API logins from an IP, the login form answers 429 too; another IP is not affected', async () => {
    const ip = '10.8.3.1';
    for (let i = 0; i < 20; i++) {
      const res = await loginFrom(`nobody${i}@example.com`, 'guess guess', ip);
      expect(res.status).toBe(401);
    }
    expect((await loginFrom('x@example.com', 'guess guess', ip)).status).toBe(429);
    const form = await postForm('/login', { email: 'nobody@example.com', password: 'guess guess' }, ip);
    expect(form.statusCode).toBe(429);
    const elsewhere = await postForm('/login', { email: 'nobody@example.com', password: 'guess guess' }, '10.8.3.2');
    expect(elsewhere.statusCode).toBe(401);
  });

  it('signup: the form spends the same budget as POST /api/signup.php', async () => {
    const ip = '10.8.4.1';
    for (let i = 0; i < 10; i++) expect((await signupFrom({}, ip)).status).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: '/signup.data',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
      payload: signupForm(),
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    expect(res.body).toContain('rate_limited');
  });

  it('password reset: request and new-password forms spend the budgets of their API twins', async () => {
    const ip = '10.8.5.1';
    for (let i = 0; i < 10; i++) expect((await askResetFrom(`nobody${i}@example.com`, ip)).status).not.toBe(429);
    expect((await postForm('/reset-password', { email: 'nobody@example.com' }, ip)).statusCode).toBe(429);
    const body = { token: 'forged', password: 'a new password', password_confirmation: 'a new password' };
    for (let i = 0; i < 10; i++) expect((await resetFrom(body, ip)).status).toBe(400);
    expect((await postForm('/reset-password/do', body, ip)).statusCode).toBe(429);
  });

  it('the form spends the budget too: after 20 form logins the API answers 429', async () => {
    const ip = '10.8.6.1';
    for (let i = 0; i < 20; i++)
      expect(
        (await postForm('/login', { email: `nobody${i}@example.com`, password: 'guess guess' }, ip)).statusCode,
      ).toBe(401);
    const res = await loginFrom('x@example.com', 'guess guess', ip);
    expect(res.status).toBe(429);
    expect(res.error?.error).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe("the signup page refuses a password built on the site's name", () => {
  const pageSignup = (host: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/signup.data',
      headers: { host, origin: `http://${host}`, 'content-type': 'application/json' },
      payload: signupForm({ password, password_confirmation: password }),
      remoteAddress: ip,
    });

  it.each([
    ['localhost', 'Amora2026!', '10.8.7.1'],
    ['liefde.localhost', 'Liefde2026!', '10.8.7.2'],
  ])('on %s, %s gets the weak-password hint', async (host, password, ip) => {
    const res = await pageSignup(host, password, ip);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('invalid_request');
    expect(res.body).toMatch(/password_strength\.\w+/);
  });
});

describe('the signup page answers a taken address as a new one', () => {
  const pageSignup = (form: Record<string, unknown>, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/signup.data',
      headers: { host: 'localhost', origin: 'http://localhost', 'content-type': 'application/json' },
      payload: form,
      remoteAddress: ip,
    });

  it('the same status, body and cookies (none), no second account, and the owner is emailed', async () => {
    const { form: owner } = await member();
    const fresh = signupForm();
    const taken = signupForm({ email: owner.email });
    const [a, b] = [await pageSignup(fresh, '10.8.8.1'), await pageSignup(taken, '10.8.8.2')];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.cookies).toEqual([]);
    expect(b.cookies).toEqual([]);
    expect(b.body.replace(owner.email as string, 'EMAIL')).toBe(a.body.replace(fresh.email as string, 'EMAIL'));
    const mails = (
      await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(owner.email as string)}` })
    ).json();
    expect(mails[0].kind).toBe('signup_attempt');
    expect(mails.filter((m: { kind: string }) => m.kind === 'activation')).toHaveLength(1);
  });
});
