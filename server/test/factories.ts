import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { profiles } from '../db/schema/index.ts';
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
    ...overrides,
  };
}

/** Headers our own web client sends. */
export const CLIENT = { 'x-requested-with': 'amora', host: 'localhost' } as const;

/** Signs a member up through the API; returns the session cookie and the user. */
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
  const cookie = res.cookies.find((c) => c.name === 'auth.session')!;
  return { form, user: res.json().user, cookie: { 'auth.session': cookie.value } };
}

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

/** A member whose email is confirmed and whose profile is active (visible in search, likeable, messageable). */
export async function activeMember(t: TTestApp, overrides: Record<string, unknown> = {}) {
  const m = await buildMember(t, overrides);
  await t.services.database.db.update(profiles).set({ status: 'active' }).where(eq(profiles.id, m.user.profile.id));
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
