import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { CLIENT_REQUEST_HEADER } from '#common/constants.ts';
import { creditLedger, profiles, users } from '../db/schema/index.ts';
import type { TTestApp } from './test-app.ts';

let counter = 0;

/** A valid signup form; override any field. */
export function signupForm(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    email: `member${counter}-${Date.now()}@example.com`,
    name: `member_${counter}`,
    password: 'correct horse battery',
    password_confirmation: 'correct horse battery',
    date_of_birth: '1990-05-17',
    gender: 'male',
    looking_for: 'female',
    accept_terms: true,
    // Existing tests match by the orientation derived from "looking for"; without this consent none is stored.
    orientation_consent: true,
    ...overrides,
  };
}

/** The value of the header our own web client sends (tests send it from here only). */
export const CLIENT_REQUEST_VALUE = 'amora';

/** Headers our own web client sends. */
export const CLIENT = { [CLIENT_REQUEST_HEADER]: CLIENT_REQUEST_VALUE, host: 'localhost' } as const;

/**
 * Signs a member up through the API and logs them in (signup starts no session); returns the session cookie
 * and the user.
 */
export async function buildMember(
  t: TTestApp,
  overrides: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const form = signupForm(overrides);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/signup.php',
    headers: { ...CLIENT, ...headers },
    payload: form,
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { ...CLIENT, ...headers },
    payload: { email: form.email, password: form.password },
  });
  // An address that already had an account answers the signup alike; logging in with the new password fails then.
  if (login.statusCode !== 200) throw new Error(`login after signup failed: ${login.body}`);
  const cookie = login.cookies.find((c) => c.name === 'auth.session')!;
  return { form, user: login.json().user, cookie: { 'auth.session': cookie.value } };
}

/** A member made by the factories: the signup form, the user as the API answers it, and the session cookie. */
export type TTestMember = Awaited<ReturnType<typeof buildMember>>;

/** The newest email sent to an address (dev mailbox). */
export async function lastMail(t: TTestApp, to: string) {
  const res = await t.app.inject({ url: `/dev/mailbox.json?to=${encodeURIComponent(to)}` });
  return res.json()[0] as { subject: string; text: string; kind: string } | undefined;
}

/** The link of an email's call to action. */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in email');
  return new URL(match[0]);
}

/** What a test member has beyond the signup form. */
export type TMemberOptions = {
  /** The credit balance; the difference to the signup grant is written to the ledger, so ledger = balance. */
  credits?: number;
  /** A member who has paid before (premium). */
  paidUser?: boolean;
  /** The profile's country (search filters by it). */
  country?: string;
  /** When the member signed up (the welcome discount counts from it). */
  signupDate?: Date;
};

/** A member whose email is confirmed and whose profile is active (visible in search, likeable, messageable). */
export async function activeMember(t: TTestApp, overrides: Record<string, unknown> = {}, options: TMemberOptions = {}) {
  const m = await buildMember(t, overrides);
  const { db } = t.services.database;
  await db
    .update(profiles)
    .set({ status: 'active', ...(options.country === undefined ? {} : { country: options.country }) })
    .where(eq(profiles.id, m.user.profile.id));
  if (options.credits !== undefined) {
    const [{ granted }] = await db.select({ granted: users.credits }).from(users).where(eq(users.id, m.user.id));
    if (options.credits !== granted)
      await db
        .insert(creditLedger)
        .values({ userId: m.user.id, delta: options.credits - granted, reason: 'test_grant' });
  }
  const userFields = {
    ...(options.credits === undefined ? {} : { credits: options.credits }),
    ...(options.paidUser === undefined ? {} : { paidUser: options.paidUser }),
    ...(options.signupDate === undefined ? {} : { signupDate: options.signupDate }),
  };
  if (Object.keys(userFields).length > 0) await db.update(users).set(userFields).where(eq(users.id, m.user.id));
  return m;
}

/** A multipart/form-data body with text fields first and an image in field `photo` (as browsers send forms). */
export async function photoForm(fields: Record<string, string | number> = {}, image?: Buffer) {
  const bytes =
    image ??
    (await sharp({ create: { width: 300, height: 300, channels: 3, background: '#c33' } })
      .png()
      .toBuffer());
  const boundary = `amora${Date.now()}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(
      `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="a.png"\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...CLIENT, 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
