import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MIN } from '#common/accounts.ts';
import type { TEndpointInput } from '#common/endpoint.ts';
import type { TErrorBody } from '#common/errors.ts';
import { accountChangesApi, accountsApi } from '#common/wire/accounts.ts';
import { hashToken, newToken } from '#server/lib/tokens.ts';
import { buildMember, signupForm } from '#server/test/factories.ts';
import { asMember, asVisitor, type TCallExtras } from '#server/test/member-client.ts';
import { buildTestApp, type TTestApp } from '#server/test/test-app.ts';
import { setPasswordHash } from './account-changes.repository.ts';
import { insertToken } from './accounts.repository.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const signup = (overrides: Record<string, unknown>, extras?: TCallExtras) =>
  asVisitor(t.app).call(accountsApi.signup, signupForm(overrides), extras);

const login = (email: string, password: string) => asVisitor(t.app).call(accountsApi.login, { email, password });

const changePassword = (
  cookie: Record<string, string>,
  input: TEndpointInput<typeof accountChangesApi.changePassword>,
  extras?: TCallExtras,
) => asMember(t.app, cookie).call(accountChangesApi.changePassword, input, extras);

const resetPassword = (input: TEndpointInput<typeof accountChangesApi.resetPassword>) =>
  asVisitor(t.app).call(accountChangesApi.resetPassword, input);

const passwordIssue = (res: { error?: TErrorBody }) =>
  (res.error?.data as { issues?: { path: string; message: string }[] } | undefined)?.issues?.find(
    (i) => i.path === 'password',
  )?.message;

describe('new passwords', () => {
  it('are at least 10 characters: 9 are refused', async () => {
    expect(PASSWORD_MIN).toBe(10);
    const res = await signup({ password: 'Xk7#qL2!v', password_confirmation: 'Xk7#qL2!v' });
    expect(res.status).toBe(400);
    expect(passwordIssue(res)).toBe('validation.password_length');
  });

  it.each([
    ['password123', 'password_strength.common'],
    ['qwertyuiop', 'password_strength.common'],
    ['passwort1234', 'password_strength.common'],
    ['schmetterling', 'password_strength.weak'],
    ['aaaaaaaaaaaa', 'password_strength.repeat'],
  ])('refuses the common or guessable password %s with its hint', async (password, hint) => {
    const res = await signup({ password, password_confirmation: password });
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
    expect(passwordIssue(res)).toBe(hint);
  });

  it("refuses the member's own name with a year (name and email count as known words)", async () => {
    const res = await signup({ name: 'Quentoria', password: 'quentoria1990', password_confirmation: 'quentoria1990' });
    expect(res.status).toBe(400);
    expect(passwordIssue(res)).toMatch(/^password_strength\./);
    // The same password is accepted from a member with another name and address: it is the personal words that count.
    const other = await signup({ name: 'Somebody', password: 'quentoria1990', password_confirmation: 'quentoria1990' });
    expect(passwordIssue(other)).not.toBe('password_strength.personal');
  });

  it('accepts a strong passphrase', async () => {
    const res = await signup({ password: 'lantern orbit meadow', password_confirmation: 'lantern orbit meadow' });
    expect(res.status).toBe(200);
  });

  it('a password change and a reset refuse weak passwords too', async () => {
    const m = await buildMember(t);
    const change = await changePassword(m.cookie, {
      old_password: m.form.password,
      password: 'password123',
      password_confirmation: 'password123',
    });
    expect(change.status).toBe(400);
    expect(passwordIssue(change)).toBe('password_strength.common');
    const token = newToken();
    await insertToken(t.services.database.db, {
      userId: m.user.id,
      kind: 'reset',
      tokenHash: hashToken(token),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = await resetPassword({ token, password: 'qwertyuiop', password_confirmation: 'qwertyuiop' });
    expect(reset.status).toBe(400);
    expect(passwordIssue(reset)).toBe('password_strength.common');
    // The link was not used up by the refused password.
    expect((await login(m.form.email, m.form.password)).status).toBe(200);
  });
});

describe("passwords built on the site's name", () => {
  const onSite = (host: string, overrides: Record<string, unknown>) => signup(overrides, { headers: { host } });

  it.each([
    ['localhost', 'Amora2026!'],
    ['liefde.localhost', 'Liefde2026!'],
    ['liefde.localhost', 'Liefdesplein2026'],
    ['reife.localhost', 'ReifeLust2026!'],
    // The brand names of every site of the company, whichever site the member signs up on.
    ['localhost', 'EntreHommes2026'],
  ])('signup on %s refuses %s with the weak-password hint', async (host, password) => {
    const res = await onSite(host, { password, password_confirmation: password });
    expect(res.status).toBe(400);
    expect(res.error?.error).toBe('invalid_request');
    expect(passwordIssue(res)).toMatch(/^password_strength\./);
  });

  it('a strong unrelated password is still accepted on the Dutch site', async () => {
    const res = await onSite('liefde.localhost', {
      password: 'lantern orbit meadow',
      password_confirmation: 'lantern orbit meadow',
    });
    expect(res.status).toBe(200);
  });

  it('a password change and a reset refuse the site name too', async () => {
    const m = await buildMember(t, {}, { host: 'liefde.localhost' });
    const change = await changePassword(
      m.cookie,
      { old_password: m.form.password, password: 'Liefde2026!', password_confirmation: 'Liefde2026!' },
      { headers: { host: 'liefde.localhost' } },
    );
    expect(change.status).toBe(400);
    expect(passwordIssue(change)).toMatch(/^password_strength\./);
    const token = newToken();
    await insertToken(t.services.database.db, {
      userId: m.user.id,
      kind: 'reset',
      tokenHash: hashToken(token),
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const reset = await resetPassword({ token, password: 'Amora2026!', password_confirmation: 'Amora2026!' });
    expect(reset.status).toBe(400);
    expect(passwordIssue(reset)).toMatch(/^password_strength\./);
  });
});

describe('existing passwords', () => {
  it('a member whose 8-character password was set before the rule still logs in with it', async () => {
    const m = await buildMember(t);
    await setPasswordHash(t.services.database.db, m.user.id, await hash('kitten12'));
    expect((await login(m.form.email, 'kitten12')).status).toBe(200);
  });

  it('a password hashed before normalization in decomposed form still works as typed', async () => {
    const m = await buildMember(t);
    await setPasswordHash(t.services.database.db, m.user.id, await hash('cafe\u0301 au lait 42'));
    expect((await login(m.form.email, 'cafe\u0301 au lait 42')).status).toBe(200);
  });
});

describe('Unicode normalization (NFC)', () => {
  it('a password set with a composed é logs in when typed with a decomposed e + U+0301, and back', async () => {
    const composed = 'crème brûlée à minuit';
    const decomposed = composed.normalize('NFD');
    expect(decomposed).not.toBe(composed);
    const m = await buildMember(t, { password: composed, password_confirmation: composed });
    expect((await login(m.form.email, decomposed)).status).toBe(200);
    expect((await login(m.form.email, composed)).status).toBe(200);
    const change = await changePassword(m.cookie, {
      old_password: decomposed,
      password: 'Ørkenvandring på ski'.normalize('NFD'),
      password_confirmation: 'Ørkenvandring på ski'.normalize('NFD'),
    });
    expect(change.status).toBe(204);
    expect((await login(m.form.email, 'Ørkenvandring på ski')).status).toBe(200);
  });
});
